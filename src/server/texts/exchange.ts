import { js2xliff, xliff2js } from 'xliff';
import { namespaceObject, type Catalogue, type Lang, type TextEdit } from './texts-files';

// Exchange with translation tools (docs/admin-area.md, "Texts"): one language's texts as XLIFF 2.0
// (one <file> per namespace, one <unit> per dotted key, the English as source; written and read by
// the `xliff` library) or as i18next JSON (`{ namespace: { nested keys } }`, as the files). An
// import gives edits, which the service checks like any draft; a unit it cannot read is a refusal.

export type ExchangeFormat = 'xliff' | 'json';

export class ImportUnreadable extends Error {}

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
    resources[ns] = Object.fromEntries(list.map((key) => [key.slice(ns.length + 1), { source: english.get(key) ?? '', target: texts.get(key) ?? '' }]));
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
    const walk = (node: unknown, ns: string, prefix: string) => {
      if (typeof node === 'string') {
        if (node !== '') edits.push({ key: `${ns}:${prefix}`, lang, text: node });
      } else if (node && typeof node === 'object' && !Array.isArray(node)) {
        for (const [k, v] of Object.entries(node)) walk(v, ns, prefix ? `${prefix}.${k}` : k);
      } else throw new ImportUnreadable(`${ns}:${prefix} is not a text`);
    };
    for (const [ns, node] of Object.entries(parsed)) walk(node, ns, '');
    return edits;
  }
  let js;
  try {
    js = await xliff2js(content);
  } catch {
    throw new ImportUnreadable('not XLIFF');
  }
  if (!js || typeof js !== 'object' || !js.resources || typeof js.resources !== 'object') throw new ImportUnreadable('no XLIFF files');
  if (js.targetLanguage !== undefined && js.targetLanguage !== lang) throw new ImportUnreadable(`target language ${js.targetLanguage}`);
  for (const [ns, units] of Object.entries(js.resources)) {
    for (const [id, unit] of Object.entries(units ?? {})) {
      const target = unit?.target;
      if (target === undefined || target === '') continue;
      // Inline elements (<ph>, <pc>) are markup a text may not carry: the library answers them as objects.
      if (typeof target !== 'string') throw new ImportUnreadable(`${ns}:${id} has inline elements`);
      edits.push({ key: `${ns}:${id}`, lang, text: target });
    }
  }
  return edits;
}
