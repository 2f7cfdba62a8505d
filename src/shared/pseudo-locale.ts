/*
 * The pseudo-locale's texts (docs/texts.md#pseudo-locale): each English text accented, about 35 %
 * longer and in brackets at both ends, so a text clipped by its box, one that does not wrap, or one
 * that never went through i18next stands out. Made at run time from the English files, so every build
 * has it and it is never stale. `{{placeholders}}` (and `$t(...)` nesting, should a text use it) are
 * left as they are, so i18next fills them with the real values.
 *
 * Use:
 *   pseudoText('Hello {{name}}')            // '[~~Ĥéļļö {{name}}~~]' (letters vary)
 *   pseudoTexts({ A: 'x', B: { C: 'y' } })  // the same shape, every string made pseudo
 */
import pseudolocale from 'pseudolocale';

export const PSEUDO_OPEN = '[';
export const PSEUDO_CLOSE = ']';

// Nesting ($t(ns:key)) has no delimiters of its own in the library: hidden behind a placeholder that
// is put back afterwards. A linear pattern: no nested quantifiers.
const NESTING = /\$t\([^()]*\)/g;

/** One English text in the pseudo-locale; an empty text stays empty. */
export function pseudoText(text: string): string {
  if (text === '') return text;
  const nested: string[] = [];
  const hidden = text.replace(NESTING, (match) => `{{nested-${nested.push(match) - 1}}}`);
  const pseudo = pseudolocale(hidden, {
    prepend: PSEUDO_OPEN,
    append: PSEUDO_CLOSE,
    startDelimiter: '{{',
    endDelimiter: '}}',
    extend: 0.35,
    extendCharacter: '~',
  });
  return nested.length === 0 ? pseudo : pseudo.replace(/\{\{nested-(\d+)\}\}/g, (_, index: string) => nested[Number(index)] ?? '');
}

/** A namespace's texts (nested objects of strings) in the pseudo-locale, in the same shape. */
export function pseudoTexts<T>(texts: T): T {
  if (typeof texts === 'string') return pseudoText(texts) as T;
  if (Array.isArray(texts)) return texts.map((item: unknown) => pseudoTexts(item)) as T;
  if (texts && typeof texts === 'object') {
    return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, pseudoTexts(value)])) as T;
  }
  return texts;
}
