import { englishOf, isLang, keysOf, PLURAL_SUFFIX, type TextEdit, type Texts } from './texts-files';

// What a text may be (docs/admin-area.md, "Texts"): a known key in a known language (a plural form the
// language has), not empty, not too long, the same {{placeholders}} and $t() nesting as the English,
// and no markup the English does not have (texts are shown as text; a text never carries HTML into
// the portal or an e-mail). A text much longer than the English is saved with a warning.

export interface TextRefusal {
  /** Where in the request: `/changes/<i>/text` (or `/changes/<i>/key`, `/changes/<i>/lang`). */
  path: string;
  change: number;
  keyword: string;
  /** A key of the `texts` namespace (`Texts.Refusal.Placeholders`). */
  key: string;
  params?: Record<string, string | number>;
}

export const TEXT_MAX = 4000;
const LONGER_RATIO = 1.5;
const LONGER_BY = 20;

// Linear: each a bounded class repeated, no nested or overlapping repetition.
const PLACEHOLDER = /\{\{\s*([^{}\s,]{1,100})[^{}]{0,200}\}\}/g;
const NESTING = /\$t\(\s*([^,()]{1,200})/g;
const TAG = /<\/?[A-Za-z][^<>]{0,500}>/g;
const ENTITY = /&(?:#[0-9]{1,7}|#x[0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

const names = (text: string, pattern: RegExp): string[] => [...new Set([...text.matchAll(pattern)].map((m) => (m[1] ?? '').trim()))].sort();
const listed = (items: string[], wrap: (s: string) => string) => items.map(wrap).join(', ');
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The markup in a text: tags and character entities, in order. */
export const markupOf = (text: string): string[] => [...text.matchAll(TAG), ...text.matchAll(ENTITY)].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((m) => m[0]);

export function checkTexts(base: Texts, on: Texts, changes: readonly TextEdit[]): { refusals: TextRefusal[]; warnings: TextRefusal[] } {
  const refusals: TextRefusal[] = [];
  const warnings: TextRefusal[] = [];
  // The English each text is compared with: the draft's own English where it changes it.
  const english = new Map(on.get('en'));
  for (const change of changes) if (change.lang === 'en' && english.has(change.key)) english.set(change.key, change.text);
  const seen = new Set<string>();
  const allowed = new Map<string, ReturnType<typeof keysOf>>();

  changes.forEach((change, index) => {
    const at = (field: string) => `/changes/${index}/${field}`;
    const refuse = (field: string, keyword: string, key: string, params?: Record<string, string | number>) =>
      refusals.push({ path: at(field), change: index, keyword, key, ...(params ? { params } : {}) });
    if (!isLang(change.lang)) return refuse('lang', 'unknown-lang', 'Texts.Refusal.UnknownLanguage', { lang: String(change.lang) });
    const { lang, key: textKey, text } = change;
    let keys = allowed.get(lang);
    if (!keys) allowed.set(lang, (keys = keysOf(base, lang)));
    if (!keys.keys.has(textKey)) {
      const stem = textKey.replace(PLURAL_SUFFIX, '');
      if (stem !== textKey && keys.pluralStems.has(stem)) return refuse('key', 'plural-form', 'Texts.Refusal.PluralForm', { textKey, lang });
      return refuse('key', 'unknown-key', 'Texts.Refusal.UnknownKey', { textKey });
    }
    const id = `${lang}\u0000${textKey}`;
    if (seen.has(id)) return refuse('key', 'duplicate', 'Texts.Refusal.Duplicate', { textKey, lang });
    seen.add(id);
    if (typeof text !== 'string' || text.trim() === '') return refuse('text', 'empty', 'Texts.Refusal.Empty', { textKey, lang });
    if (text.length > TEXT_MAX) return refuse('text', 'too-long', 'Texts.Refusal.TooLong', { textKey, lang, limit: TEXT_MAX });
    // An English text keeps the English in force's placeholders (the code passes them); another
    // language follows the English, the draft's own where it changes it.
    const reference = englishOf(lang === 'en' ? (on.get('en') as Map<string, string>) : english, textKey) ?? '';

    const expected = names(reference, PLACEHOLDER);
    const found = names(text, PLACEHOLDER);
    if (!sameList(expected, found)) {
      return refuse('text', 'placeholders', 'Texts.Refusal.Placeholders', { textKey, lang, expected: listed(expected, (n) => `{{${n}}}`), found: listed(found, (n) => `{{${n}}}`) });
    }
    const nestedExpected = names(reference, NESTING);
    const nestedFound = names(text, NESTING);
    if (!sameList(nestedExpected, nestedFound)) {
      return refuse('text', 'nesting', 'Texts.Refusal.Nesting', { textKey, lang, expected: listed(nestedExpected, (n) => `$t(${n})`), found: listed(nestedFound, (n) => `$t(${n})`) });
    }
    // Markup only where the English has the very same tags (react-i18next's <1>…</1>, say).
    const allowedMarkup = new Set(markupOf(reference));
    const foreign = markupOf(text).find((m) => !allowedMarkup.has(m));
    if (foreign !== undefined) return refuse('text', 'markup', 'Texts.Refusal.Markup', { textKey, lang, found: foreign });

    if (lang !== 'en' && reference && text.length > reference.length * LONGER_RATIO && text.length - reference.length > LONGER_BY) {
      warnings.push({ path: at('text'), change: index, keyword: 'length', key: 'Texts.Warning.Longer', params: { textKey, lang, length: text.length, english: reference.length } });
    }
    return undefined;
  });
  return { refusals, warnings };
}
