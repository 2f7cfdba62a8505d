import * as store from './store';
import {
  applyTexts,
  languagesIn,
  namespaceObject,
  namespacesIn,
  readSources,
  readTexts,
  SOURCES_FILE,
  sourcesFileText,
  type Catalogue,
  type Lang,
} from './texts-files';

// `npm run texts:export` (scripts/texts-export.ts): the published texts written back into
// locales/<lang>/<namespace>.json, for review in git, as the files are kept (2-space indents, a
// trailing newline, the English key order), with locales/text-sources.json recording the English each
// translated text was written against. The next release ships them as the files.

export const localeFileText = (texts: unknown): string => `${JSON.stringify(texts, null, 2)}\n`;

/** A language's texts in the English order (keys the English lacks after). */
function inEnglishOrder(english: Catalogue, catalogue: Catalogue): Catalogue {
  const order = new Map([...english.keys()].map((key, i) => [key, i]));
  return new Map([...catalogue].sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity)));
}

/** One namespace file's text in the order the files keep. */
export function namespaceFileText(texts: Map<Lang, Catalogue>, lang: Lang, ns: string): string {
  const english = texts.get('en') as Catalogue;
  return localeFileText(namespaceObject(inEnglishOrder(english, texts.get(lang) as Catalogue), ns));
}

/** The namespace files of the published version that differ from the files under `localesDir`. */
export async function publishedLocaleFiles(db: store.Db, localesDir: string): Promise<{ version: number; files: Array<{ path: string; text: string }> }> {
  const { version } = await store.published(db);
  if (version === 0) return { version, files: [] };
  const row = await store.findVersion(db, version);
  if (!row) throw new Error(`The published texts version ${version} is missing`);
  const base = readTexts(localesDir);
  const resolved = applyTexts(base, row.changes);
  const files: Array<{ path: string; text: string }> = [];
  // The languages with files; a language added at run time stays data of the texts service.
  for (const lang of languagesIn(localesDir)) {
    for (const ns of namespacesIn(localesDir)) {
      const text = namespaceFileText(resolved, lang, ns);
      if (text !== namespaceFileText(base, lang, ns)) files.push({ path: `${lang}/${ns}.json`, text });
    }
  }
  // What English each translated text was written against, so the files' texts go stale when the
  // English changes in git after them (listing.ts).
  const recorded = readSources(localesDir);
  const sources = sourcesFileText(recorded, row.changes);
  if (sources !== sourcesFileText(recorded, [])) files.push({ path: SOURCES_FILE, text: sources });
  return { version, files };
}
