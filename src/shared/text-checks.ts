/*
 * The checks of one edited text against its English (docs/admin-area.md, "Texts": checks before
 * saving), for the texts console to show at the field as the text is typed. The services check again
 * on every save and are the authority; these are the same rules, in the same order, with the same
 * refusal keys (`texts:Texts.Refusal.*`), so the console and the services never disagree on a text
 * both can see. Keys and languages (unknown key, plural forms) only the services can judge.
 *
 * Use:
 *   const { refusal, warning } = checkText({ text, english, lang: 'ja' });
 *   refusal?.key   // 'Texts.Refusal.Placeholders', with refusal.params for the message
 */

export interface TextFinding {
  keyword: 'empty' | 'too-long' | 'placeholders' | 'nesting' | 'markup' | 'length';
  /** A key of the `texts` namespace. */
  key: string;
  params?: Record<string, string | number>;
}

export const TEXT_MAX = 4000;
const LONGER_RATIO = 1.5;
const LONGER_BY = 20;

// Linear: each a bounded class repeated, no nested or overlapping repetition.
const PLACEHOLDER = /\{\{\s*([^{}\s,]{1,100})[^{}]{0,200}\}\}/g;
const NESTING = /\$t\(\s*([^,()]{1,200})/g;
// A tag: <b>, </b>, <a href="…">, and react-i18next's numbered <1>…</1>.
const TAG = /<\/?[A-Za-z0-9][^<>]{0,500}>/g;
const ENTITY = /&(?:#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

const names = (text: string, pattern: RegExp): string[] => [...new Set([...text.matchAll(pattern)].map((m) => (m[1] ?? '').trim()))].sort();
const listed = (items: string[], wrap: (s: string) => string) => items.map(wrap).join(', ');
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The markup in a text: tags and character entities, in order. */
export const markupOf = (text: string): string[] =>
  [...text.matchAll(TAG), ...text.matchAll(ENTITY)].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((m) => m[0]);

/** The `{{placeholders}}` a text uses, sorted, as written in a message (`{{a}}, {{b}}`). */
export const placeholdersOf = (text: string): string => listed(names(text, PLACEHOLDER), (n) => `{{${n}}}`);

/**
 * One text checked against `english` (the English in force, or the draft's own English; for an
 * English text, the English in force). The first refusal, else none; and a warning when the text is
 * much longer than the English.
 */
export function checkText({ text, english, lang }: { text: string; english: string; lang: string }): { refusal?: TextFinding; warning?: TextFinding } {
  if (text.trim() === '') return { refusal: { keyword: 'empty', key: 'Texts.Refusal.Empty' } };
  if (text.length > TEXT_MAX) return { refusal: { keyword: 'too-long', key: 'Texts.Refusal.TooLong', params: { limit: TEXT_MAX } } };
  const expected = names(english, PLACEHOLDER);
  const found = names(text, PLACEHOLDER);
  if (!sameList(expected, found)) {
    return {
      refusal: {
        keyword: 'placeholders',
        key: 'Texts.Refusal.Placeholders',
        params: { expected: listed(expected, (n) => `{{${n}}}`), found: listed(found, (n) => `{{${n}}}`) },
      },
    };
  }
  const nestedExpected = names(english, NESTING);
  const nestedFound = names(text, NESTING);
  if (!sameList(nestedExpected, nestedFound)) {
    return {
      refusal: {
        keyword: 'nesting',
        key: 'Texts.Refusal.Nesting',
        params: { expected: listed(nestedExpected, (n) => `$t(${n})`), found: listed(nestedFound, (n) => `$t(${n})`) },
      },
    };
  }
  const allowedMarkup = new Set(markupOf(english));
  const foreign = markupOf(text).find((m) => !allowedMarkup.has(m));
  if (foreign !== undefined) return { refusal: { keyword: 'markup', key: 'Texts.Refusal.Markup', params: { found: foreign } } };
  if (lang !== 'en' && english && text.length > english.length * LONGER_RATIO && text.length - english.length > LONGER_BY) {
    return { warning: { keyword: 'length', key: 'Texts.Warning.Longer', params: { length: text.length, english: english.length } } };
  }
  return {};
}
