import sax from 'sax';
import { js2xliff, xliff2js, type XliffGroup, type XliffUnit } from 'xliff';
import { englishOf, namespaceObject, type Catalogue, type Lang, type TextEdit } from './texts-files';

// Exchange with translation tools (docs/admin-area.md, "Texts"): one language's texts as XLIFF 2.0
// (one <file> per namespace, one <unit> per dotted key, the English as source; written and read by
// the `xliff` library) or as i18next JSON (`{ namespace: { nested keys } }`, as the files). An
// import gives edits, which the service checks like any draft; a unit it cannot read is a refusal.
//
// An import file is read in a thread of its own (import-thread.ts), and within bounds checked before
// anything walks it: at most IMPORT_DEPTH levels of nesting and IMPORT_ITEMS elements (XLIFF) or
// entries (JSON). XLIFF is first read by sax, the streaming parser the `xliff` library's own reader
// (xml-js) is built on, which stops at the first element past a bound, so the library only ever
// sees a file that fits; JSON is walked with a stack of its own, never by recursion.

export type ExchangeFormat = 'xliff' | 'json';

/** The deepest nesting an import may have: a namespace's keys nest 6 deep, an XLIFF unit's target 5 (groups add one each). */
export const IMPORT_DEPTH = 16;
/** The most elements (XLIFF) or entries (JSON: objects and texts) an import may have: a whole language is about 6,000 and 1,400. */
export const IMPORT_ITEMS = 50_000;

export class ImportUnreadable extends Error {}

/** A file past a bound of its reading: refused with `Texts.Refusal.ImportDepth` or `Texts.Refusal.ImportSize`. */
export class ImportTooLarge extends Error {
  constructor(
    readonly keyword: 'import-depth' | 'import-size',
    readonly limit: number,
  ) {
    super(`${keyword} ${limit}`);
  }
}

const tooDeep = () => new ImportTooLarge('import-depth', IMPORT_DEPTH);
const tooMany = () => new ImportTooLarge('import-size', IMPORT_ITEMS);

/** Reads an XLIFF file's elements (sax, strictly, as xml-js reads it) and stops at the first one past a bound. */
function boundXliff(content: string): void {
  const parser = sax.parser(true, {});
  let depth = 0;
  let elements = 0;
  parser.onopentag = () => {
    depth += 1;
    elements += 1;
    if (depth > IMPORT_DEPTH) throw tooDeep();
    if (elements > IMPORT_ITEMS) throw tooMany();
  };
  parser.onclosetag = () => {
    depth -= 1;
  };
  parser.onerror = () => {
    throw new ImportUnreadable('not XLIFF');
  };
  parser.write(content).close();
}

export async function exportTexts(options: {
  format: ExchangeFormat;
  lang: Lang;
  english: Catalogue;
  texts: Catalogue;
  keys: readonly string[];
}): Promise<string> {
  const { format, lang, english, texts, keys } = options;
  const byNamespace = new Map<string, string[]>();
  for (const key of keys) {
    const ns = key.slice(0, key.indexOf(':'));
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), key]);
  }
  if (format === 'json') {
    const out: Record<string, unknown> = {};
    for (const [ns, list] of byNamespace) out[ns] = namespaceObject(new Map(list.map((key) => [key, texts.get(key) ?? ''])), ns);
    return `${JSON.stringify(out, null, 2)}\n`;
  }
  const resources: Record<string, Record<string, { source: string; target: string }>> = {};
  for (const [ns, list] of byNamespace) {
    // A plural form the English lacks (French `_many`) has the English `_other` as its source.
    resources[ns] = Object.fromEntries(list.map((key) => [key.slice(ns.length + 1), { source: englishOf(english, key) ?? '', target: texts.get(key) ?? '' }]));
  }
  return js2xliff({ sourceLanguage: 'en', targetLanguage: lang, resources });
}

/** The texts of an exchange file as edits of `lang`, in the file's order; empty targets are skipped (not translated yet). */
export async function importTexts(format: ExchangeFormat, lang: Lang, content: string): Promise<TextEdit[]> {
  const edits: TextEdit[] = [];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new ImportUnreadable('not JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ImportUnreadable('not an object of namespaces');
    // Depth first in the file's order, with a stack: a node's entries are counted before they are
    // walked, so neither the count nor the depth can outgrow its bound. A namespace is depth 1.
    const pending: Array<{ node: unknown; ns: string; prefix: string; depth: number }> = [];
    let items = 0;
    const push = (node: object, depth: number, child: (key: string) => { ns: string; prefix: string }) => {
      if (depth > IMPORT_DEPTH) throw tooDeep();
      const entries = Object.entries(node);
      items += entries.length;
      if (items > IMPORT_ITEMS) throw tooMany();
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, value] = entries[i] as [string, unknown];
        pending.push({ node: value, depth, ...child(key) });
      }
    };
    push(parsed, 1, (ns) => ({ ns, prefix: '' }));
    while (pending.length > 0) {
      const { node, ns, prefix, depth } = pending.pop() as (typeof pending)[number];
      if (typeof node === 'string') {
        if (node !== '') edits.push({ key: `${ns}:${prefix}`, lang, text: node });
      } else if (node && typeof node === 'object' && !Array.isArray(node)) {
        push(node, depth + 1, (key) => ({ ns, prefix: prefix ? `${prefix}.${key}` : key }));
      } else throw new ImportUnreadable(`${ns}:${prefix} is not a text`);
    }
    return edits;
  }
  boundXliff(content);
  let js;
  try {
    js = await xliff2js(content);
  } catch {
    throw new ImportUnreadable('not XLIFF');
  }
  if (!js || typeof js !== 'object' || !js.resources || typeof js.resources !== 'object') throw new ImportUnreadable('no XLIFF files');
  if (js.targetLanguage !== undefined && js.targetLanguage !== lang) throw new ImportUnreadable(`target language ${js.targetLanguage}`);
  for (const [ns, units] of Object.entries(js.resources)) {
    // A <group> only arranges a file's units (their ids are the file's): its units are read in place,
    // with a stack, in the file's order.
    const pending = Object.entries(units ?? {}).reverse();
    while (pending.length > 0) {
      const [id, unit] = pending.pop() as [string, XliffUnit | XliffGroup | undefined];
      if (!unit) continue;
      if ('groupUnits' in unit) {
        pending.push(...Object.entries(unit.groupUnits).reverse());
        continue;
      }
      const { target } = unit;
      if (target === undefined || target === '') continue;
      // Inline elements (<ph>, <pc>) are markup a text may not carry: the library answers them as objects.
      if (typeof target !== 'string') throw new ImportUnreadable(`${ns}:${id} has inline elements`);
      edits.push({ key: `${ns}:${id}`, lang, text: target });
    }
  }
  return edits;
}
