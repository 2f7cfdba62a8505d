import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Texts as the texts service keeps them (docs/admin-area.md, "Texts"): every language's namespaces
// under locales/<lang>/<namespace>.json, flattened to keys `<namespace>:<dotted.key>`. A version is
// the base files plus changes `{ key, lang, text }`, one per key and language; its hash is the
// SHA-256 of the resolved texts, so the same texts have the same hash whatever version carries them.

/** A language's BCP 47 tag (`en`, `ja`, `pt-BR`): the languages with files and those added in the texts console (languages.ts). */
export type Lang = string;

/** The language every other one is written from: its files are the source of the keys. */
export const SOURCE_LANGUAGE = 'en';

/** What a draft asks for. */
export interface TextEdit {
  key: string;
  lang: Lang;
  text: string;
}

/** A change as stored: with the English it was made against (`source`) and when it was saved. */
export interface TextChange extends TextEdit {
  /** SHA-256 (hex, first 16) of the English text in force when the change was made. */
  source: string;
  at: string;
}

/** One language's texts: key -> text. */
export type Catalogue = Map<string, string>;
/** Every language's texts. */
export type Texts = Map<Lang, Catalogue>;

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export const sourceHash = (english: string | undefined): string =>
  createHash('sha256')
    .update(english ?? '')
    .digest('hex')
    .slice(0, 16);

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function flatten(node: unknown, ns: string, prefix: string, out: Catalogue): void {
  if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, ns, prefix ? `${prefix}.${key}` : key, out);
  } else if (typeof node === 'string') out.set(`${ns}:${prefix}`, node);
}

/**
 * The languages the files have (`locales/<tag>/`), the source language first: the built-in
 * languages, live from the start. Others are added at run time (languages.ts) and have no files.
 */
export function languagesIn(dir: string): string[] {
  const tags = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return [SOURCE_LANGUAGE, ...tags.filter((tag) => tag !== SOURCE_LANGUAGE)];
}

/** The namespaces of the files (the English ones: every language has the same, npm run check:locales). */
export function namespacesIn(dir: string): string[] {
  return readdirSync(join(dir, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** The texts of the files under `dir` (locales/). */
export function readTexts(dir: string): Texts {
  const namespaces = namespacesIn(dir);
  const texts: Texts = new Map();
  for (const lang of languagesIn(dir)) {
    const catalogue: Catalogue = new Map();
    for (const ns of namespaces) {
      let parsed: unknown = {};
      try {
        parsed = JSON.parse(readFileSync(join(dir, lang, `${ns}.json`), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      flatten(parsed, ns, '', catalogue);
    }
    texts.set(lang, catalogue);
  }
  return texts;
}

/**
 * What English each translated text was written against, as `npm run texts:export` records it in
 * locales/text-sources.json (`{ "ja": { "ns:key": source } }`): a text shipped in the files is stale
 * when the files' English no longer has that hash (the English changed in git since). Empty when
 * nothing was recorded yet.
 */
export const SOURCES_FILE = 'text-sources.json';
export type Sources = Map<string, string>; // `${lang}\u0000${key}` -> source

export function readSources(dir: string): Sources {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dir, SOURCES_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const out: Sources = new Map();
  for (const [lang, entries] of Object.entries(isObject(parsed) ? parsed : {})) {
    if (!isObject(entries)) continue;
    for (const [key, source] of Object.entries(entries)) if (typeof source === 'string') out.set(`${lang}\u0000${key}`, source);
  }
  return out;
}

/** The sources file with the sources of these changes (other languages than English) recorded, keys sorted. */
export function sourcesFileText(recorded: Sources, changes: readonly TextChange[]): string {
  const all = new Map(recorded);
  for (const change of changes) if (change.lang !== 'en') all.set(`${change.lang}\u0000${change.key}`, change.source);
  const out: Record<string, Record<string, string>> = {};
  for (const id of [...all.keys()].sort()) {
    const [lang, key] = id.split('\u0000') as [string, string];
    (out[lang] ??= {})[key] = all.get(id) as string;
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** The texts with changes applied (the later change of a key and language wins). */
export function applyTexts(on: Texts, changes: readonly TextEdit[]): Texts {
  if (changes.length === 0) return on;
  const out: Texts = new Map([...on].map(([lang, catalogue]) => [lang, new Map(catalogue)]));
  for (const change of changes) {
    // A language added at run time has no files: its first change starts its catalogue.
    let catalogue = out.get(change.lang);
    if (!catalogue) out.set(change.lang, (catalogue = new Map()));
    catalogue.set(change.key, change.text);
  }
  return out;
}

/** The SHA-256 of the texts: canonical (keys sorted) JSON of every language's flat texts. */
export function textsHash(texts: Texts): string {
  const hash = createHash('sha256');
  for (const lang of [...texts.keys()].sort()) {
    hash.update(JSON.stringify(lang));
    const catalogue = texts.get(lang) as Catalogue;
    for (const key of [...catalogue.keys()].sort()) hash.update(`\n${JSON.stringify(key)}:${JSON.stringify(catalogue.get(key))}`);
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** One namespace of one language, nested as the files are (`{ Profile: { City: { Label } } }`). */
export function namespaceObject(catalogue: Catalogue, ns: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const prefix = `${ns}:`;
  for (const [key, text] of catalogue) {
    if (!key.startsWith(prefix)) continue;
    const parts = key.slice(prefix.length).split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (!isObject(node[part])) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = text;
  }
  return out;
}

/** The later change of each key and language, in the order first seen. */
export function mergeChanges<T extends TextEdit>(...lists: ReadonlyArray<readonly T[]>): T[] {
  const merged = new Map<string, T>();
  for (const list of lists) for (const change of list) merged.set(`${change.lang}\u0000${change.key}`, change);
  return [...merged.values()];
}

/**
 * The keys a language may have: the English keys, the language's own file keys, and for each plural
 * group of the English (`Count_one`, `Count_other`) the language's own plural forms (Intl.PluralRules:
 * `_other` only in Japanese).
 */
export function keysOf(base: Texts, lang: Lang): { keys: Set<string>; pluralStems: Set<string> } {
  const english = base.get(SOURCE_LANGUAGE) as Catalogue;
  const keys = new Set([...english.keys(), ...(base.get(lang) ?? new Map<string, string>()).keys()]);
  const pluralStems = new Set<string>();
  for (const key of english.keys()) {
    const match = PLURAL_SUFFIX.exec(key);
    if (match && english.has(key.replace(PLURAL_SUFFIX, '_other'))) pluralStems.add(key.slice(0, match.index));
  }
  for (const stem of pluralStems) for (const category of pluralCategories(lang)) keys.add(`${stem}_${category}`);
  return { keys, pluralStems };
}

/** The plural forms a language has (Intl.PluralRules: `other` in Japanese, `one many other` in French, six in Arabic). */
export const pluralCategories = (lang: Lang): string[] => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

/**
 * The keys a language is complete with: every English key that is not a plural form, and for each
 * English plural group the language's own forms. Keys the language has beyond these (an English
 * plural form it lacks, kept in its files) are not counted.
 */
export function keysToTranslate(base: Texts, lang: Lang): string[] {
  const english = base.get(SOURCE_LANGUAGE) as Catalogue;
  const { pluralStems } = keysOf(base, lang);
  const out: string[] = [];
  for (const key of english.keys()) {
    const stem = key.replace(PLURAL_SUFFIX, '');
    if (stem === key || !pluralStems.has(stem)) out.push(key);
  }
  for (const stem of pluralStems) for (const category of pluralCategories(lang)) out.push(`${stem}_${category}`);
  return out;
}

/** The English text a text of this key is compared with: its own, or for a plural form the English `_other`. */
export function englishOf(english: Catalogue, key: string): string | undefined {
  return english.get(key) ?? (PLURAL_SUFFIX.test(key) ? english.get(key.replace(PLURAL_SUFFIX, '_other')) : undefined);
}
