// npm run check:locales: every namespace file exists in every language with the same keys and the
// same {{placeholders}}, and every key is used somewhere (or is listed as built at run time).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Catalogue, languages, loadCatalogue, namespaces } from './lib/locales';
import { localesDir, rootDir } from './lib/paths';
import { MESSAGE_RULES } from '../src/shared/schemas/message-params';

const SEARCHED = ['schemas', 'src', 'scripts', 'tests/e2e'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|json|html)$/;
const PLURAL = /_(zero|one|two|few|many|other)$/;
// A validation message's text for one kind of failed rule: `<key>_<rule>` (src/shared/schemas/message-params.ts).
const RULE_CONTEXT = new RegExp(`_(${Object.keys(MESSAGE_RULES).join('|')})$`);
const problems: string[] = [];

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'generated') return [];
    const full = join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : SOURCE.test(e.name) ? [full] : [];
  });
}

const langs = languages();
const catalogues = new Map<string, Catalogue>(langs.map((lang) => [lang, loadCatalogue(lang)]));
const [reference = 'en'] = langs.includes('en') ? ['en'] : langs;

// Namespace files and keys, both ways.
for (const lang of langs) {
  for (const other of langs) {
    if (other === lang) continue;
    for (const ns of namespaces(lang)) if (!namespaces(other).includes(ns)) problems.push(`${other}/${ns}.json is missing (exists in ${lang})`);
    const mine = catalogues.get(lang) as Catalogue;
    const theirs = catalogues.get(other) as Catalogue;
    for (const key of mine.keys()) if (!theirs.has(key)) problems.push(`${other}: missing ${key} (exists in ${lang})`);
  }
}

// Same placeholders and no empty texts.
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
const ref = catalogues.get(reference) as Catalogue;
for (const lang of langs) {
  for (const [key, text] of catalogues.get(lang) as Catalogue) {
    if (text.trim() === '') problems.push(`${lang}: ${key} is empty`);
    const refText = ref.get(key);
    if (lang !== reference && refText !== undefined && placeholders(refText) !== placeholders(text)) {
      problems.push(`${lang}: ${key} has placeholders {${placeholders(text)}} but ${reference} has {${placeholders(refText)}}`);
    }
  }
}

// A text for one kind of failed rule stands beside the key's own text and uses only that rule's parameters.
for (const [full, refText] of ref) {
  const rule = RULE_CONTEXT.exec(full)?.[1] as keyof typeof MESSAGE_RULES | undefined;
  if (!rule) continue;
  if (!ref.has(full.replace(RULE_CONTEXT, ''))) problems.push(`${reference}: ${full} has no ${full.replace(RULE_CONTEXT, '')} beside it`);
  const allowed: readonly string[] = MESSAGE_RULES[rule];
  const unknown = placeholders(refText)
    .split(',')
    .filter((name) => name && !allowed.includes(name));
  if (unknown.length > 0) problems.push(`${reference}: ${full} uses {${unknown.join(',')}}; a ${rule} rule gives {${allowed.join(',')}}`);
}

// Unused keys: the dotted key or namespace:key must appear in a source file, unless a prefix in
// locales/dynamic-keys.json says the key is built at run time.
const dynamicFile = join(localesDir, 'dynamic-keys.json');
const dynamic: string[] = existsSync(dynamicFile) ? (JSON.parse(readFileSync(dynamicFile, 'utf8')) as { prefixes: string[] }).prefixes : [];
const corpus = SEARCHED.flatMap((dir) => listFiles(join(rootDir, dir)))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
let unused = 0;
for (const full of ref.keys()) {
  const ns = full.slice(0, full.indexOf(':'));
  const key = full
    .slice(ns.length + 1)
    .replace(PLURAL, '')
    .replace(RULE_CONTEXT, '');
  const isDynamic = dynamic.some((prefix) => key.startsWith(prefix) || `${ns}:${key}`.startsWith(prefix));
  if (!isDynamic && !corpus.includes(key) && !corpus.includes(`${ns}:${key}`)) {
    problems.push(`unused: ${full} (not found in ${SEARCHED.join(', ')}; list a prefix in locales/dynamic-keys.json if built at run time)`);
    unused += 1;
  }
}

const counts = langs.map((lang) => `${lang} ${(catalogues.get(lang) as Catalogue).size}`).join(', ');
console.log(`check:locales: ${namespaces(reference).length} namespaces, keys: ${counts}; ${unused} unused`);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('check:locales: OK');
