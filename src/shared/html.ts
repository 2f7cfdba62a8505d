// HTML made from strings, for the pages the services and the partner sandbox write on the server
// (the identity provider's sign-in pages, the sandbox's pages): `escapeHtml` for one value, and a
// tiny template in which every interpolated value is escaped unless it is already Html.
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text of `value` (nothing for null or undefined) with the five characters HTML gives a meaning escaped. */
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

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
