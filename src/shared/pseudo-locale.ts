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

// The right-to-left pseudo-locale ar-XB (Android's): each word of the English written right to left
// (between RIGHT-TO-LEFT OVERRIDE and POP DIRECTIONAL FORMATTING), the text in brackets and marked
// right to left at both ends, so on a page laid out right to left (dir="rtl") it reads as a
// right-to-left language does and a text that did not come through i18next stands out unbracketed.
const RLO = '\u202E';
const PDF = '\u202C';
const RLM = '\u200F';
// What i18next fills or reads (`{{name}}`, `$t(ns:key)`) is left as it is; linear: bounded classes, no nesting.
const KEPT = /\{\{[^{}]*\}\}|\$t\([^()]*\)/g;
const WORD = /\S+/g;

/** One English text in the right-to-left pseudo-locale; an empty text stays empty. */
export function pseudoBidiText(text: string): string {
  if (text === '') return text;
  let out = '';
  let at = 0;
  const words = (plain: string) => plain.replace(WORD, (word) => `${RLO}${word}${PDF}`);
  for (const match of text.matchAll(KEPT)) {
    out += words(text.slice(at, match.index)) + match[0];
    at = match.index + match[0].length;
  }
  out += words(text.slice(at));
  return `${RLM}${PSEUDO_OPEN}${out}${PSEUDO_CLOSE}${RLM}`;
}

/** A namespace's texts (nested objects of strings) in a pseudo-locale (en-XA, or ar-XB with `pseudoBidiText`), in the same shape. */
export function pseudoTexts<T>(texts: T, pseudo: (text: string) => string = pseudoText): T {
  if (typeof texts === 'string') return pseudo(texts) as T;
  if (Array.isArray(texts)) return texts.map((item: unknown) => pseudoTexts(item, pseudo)) as T;
  if (texts && typeof texts === 'object') {
    return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, pseudoTexts(value, pseudo)])) as T;
  }
  return texts;
}
