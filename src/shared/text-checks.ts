import { Tokenizer } from 'htmlparser2';

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
  keyword: 'empty' | 'too-long' | 'placeholders' | 'nesting' | 'markup' | 'length' | 'glossary';
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
/** The longest piece of markup a refusal quotes (a tag may run to the text's limit). */
const FOUND_MAX = 80;

const names = (text: string, pattern: RegExp): string[] => [...new Set([...text.matchAll(pattern)].map((m) => (m[1] ?? '').trim()))].sort();
const listed = (items: string[], wrap: (s: string) => string) => items.map(wrap).join(', ');
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const ignore = () => undefined;

/**
 * The markup in a text, in order: every run of it that an HTML tokenizer (htmlparser2's, which
 * follows the HTML standard's states: tags, end tags, comments, bogus comments such as `<?…>`,
 * `</1>` and `<![CDATA[…]]>`, doctypes, character references) does not read as plain text, as it is
 * written. What the tokenizer reads as text is exactly what a browser shows as text: a lone `<` or
 * `&` (`a < b`, `AT&T`, `<1>`) is text; an unfinished tag at the end (`a<b`), which a browser drops,
 * is markup too. Adjacent pieces form one run (`<b><i>`). No pattern decides what is a tag.
 */
export function markupOf(text: string): string[] {
  const plain: Array<[number, number]> = [];
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => void plain.push([start, end]),
      // Everything else is markup: what it is does not matter, only that it is not text.
      ontextentity: ignore,
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onopentagname: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
    },
  );
  tokenizer.write(text);
  tokenizer.end();
  const runs: string[] = [];
  let at = 0;
  for (const [start, end] of plain) {
    // Runs of text follow each other. One that starts before the last one ended is not trusted (the
    // tokenizer reports an unfinished end tag at the end of the text as text from -1): its
    // characters stay markup, so the check fails closed.
    if (start < at) continue;
    if (start > at) runs.push(text.slice(at, start));
    at = end;
  }
  if (at < text.length) runs.push(text.slice(at));
  return runs;
}

const quoted = (markup: string) => (markup.length > FOUND_MAX ? `${markup.slice(0, FOUND_MAX - 1)}…` : markup);

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
  if (foreign !== undefined) return { refusal: { keyword: 'markup', key: 'Texts.Refusal.Markup', params: { found: quoted(foreign) } } };
  const warning = lengthWarning({ text, english, lang });
  return warning ? { warning } : {};
}

/** The warning alone, for a text already checked: a text other than the English much longer than it. */
export function lengthWarning({ text, english, lang }: { text: string; english: string; lang: string }): TextFinding | undefined {
  if (lang === 'en' || !english || text.length <= english.length * LONGER_RATIO || text.length - english.length <= LONGER_BY) return undefined;
  return { keyword: 'length', key: 'Texts.Warning.Longer', params: { length: text.length, english: english.length } };
}

/** A product term's agreed translation in one language (the texts service's glossary). */
export interface GlossaryEntry {
  term: string;
  lang: string;
  translation: string;
}

const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Whether `term` is in `text` as a whole word or phrase (case aside; no pattern is built from the term). */
function hasTerm(text: string, term: string): boolean {
  const haystack = text.toLowerCase();
  const needle = term.toLowerCase();
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (!isLetter(haystack[at - 1]) && !isLetter(haystack[at + needle.length])) return true;
  }
  return false;
}

/**
 * Warnings (never refusals) for a translation that leaves out a glossary term's agreed translation:
 * the English has the term ("access key") and the language's agreed translation of it is not in the
 * text. A language with no translation of the term agreed gets none. Case aside; in languages that do
 * not separate words by spaces the translation is looked for anywhere in the text.
 */
export function glossaryWarnings({
  text,
  english,
  lang,
  glossary,
}: {
  text: string;
  english: string;
  lang: string;
  glossary: readonly GlossaryEntry[];
}): TextFinding[] {
  const warnings: TextFinding[] = [];
  for (const entry of glossary) {
    if (entry.lang !== lang || !hasTerm(english, entry.term)) continue;
    if (text.toLowerCase().includes(entry.translation.toLowerCase())) continue;
    warnings.push({ keyword: 'glossary', key: 'Texts.Warning.Glossary', params: { term: entry.term, translation: entry.translation } });
  }
  return warnings;
}
