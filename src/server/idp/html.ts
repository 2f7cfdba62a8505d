// A tiny escaping template: every interpolated value is escaped unless it is already Html.
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

type Value = Html | string | number | false | null | undefined | Value[];

function render(value: Value): string {
  if (value === false || value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (value instanceof Html) return value.value;
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  return new Html(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), ''));
}

/** Marks markup produced by a trusted source (oidc-provider's own form) as safe. */
export const trusted = (markup: string): Html => new Html(markup);
