import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The texts under locales/<language>/<namespace>.json as flat catalogues, for the checks that a key
// exists in every language: npm run check:schemas and check:locales (through scripts/lib/locales.ts)
// and the rules console's draft checks (rules/draft-checks.ts), which read the same files.

export type Catalogue = Map<string, string>; // "namespace:dotted.key" -> text

function flatten(node: unknown, prefix: string, out: Map<string, string>): void {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, typeof node === 'string' ? node : JSON.stringify(node));
  }
}

export const languages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

export const namespaces = (lang: string, dir: string): string[] =>
  readdirSync(join(dir, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

/** Every key of one language, as "namespace:dotted.key". */
export function loadCatalogue(lang: string, dir: string): Catalogue {
  const out: Catalogue = new Map();
  for (const ns of namespaces(lang, dir)) {
    const keys = new Map<string, string>();
    flatten(JSON.parse(readFileSync(join(dir, lang, `${ns}.json`), 'utf8')), '', keys);
    for (const [key, text] of keys) out.set(`${ns}:${key}`, text);
  }
  return out;
}

/** Whether a dotted key (without namespace) exists in any namespace of the catalogue. */
export function hasKey(catalogue: Catalogue, key: string): boolean {
  for (const full of catalogue.keys()) if (full.slice(full.indexOf(':') + 1) === key) return true;
  return false;
}

/** Every language's catalogue under `dir`, by language. */
export const loadCatalogues = (dir: string): Map<string, Catalogue> => new Map(languages(dir).map((lang) => [lang, loadCatalogue(lang, dir)]));
