import type { ListedForm } from '../rules/listing';
import { MESSAGE_RULES } from '../../shared/schemas/message-params';
import { LANGUAGES, sourceHash, type Lang, type TextChange, type Texts } from './texts-files';
import { SERVER_NAMESPACES } from './server-texts';

// One row per key for the texts console (docs/admin-area.md, "Texts"): both languages side by side,
// where the key is used (a field's message, label or help, read off the published rules), and the
// flags: missing, stale (the Japanese was made against another English), overridden (differs from
// the files).

export type Use = { kind: 'field'; form: string; field: string; rule: string } | { kind: 'namespace'; namespace: string };

export interface TextRow {
  key: string;
  namespace: string;
  en: string | null;
  ja: string | null;
  base: { en: string | null; ja: string | null };
  missing: Lang[];
  stale: boolean;
  overridden: Lang[];
  usedIn: Use[];
  server: 'signin' | 'mail' | null;
}

const RULE_CONTEXT = new RegExp(`_(${Object.keys(MESSAGE_RULES).join('|')})$`);

/** Where each message, label and help key is used by the forms: `validation:Validation.InvalidCity` -> uses. */
export function fieldUses(forms: readonly ListedForm[], keyOf: (dotted: string) => string | undefined): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  const add = (dotted: unknown, use: Use) => {
    if (typeof dotted !== 'string') return;
    const key = keyOf(dotted);
    if (!key) return;
    const list = uses.get(key) ?? [];
    if (!list.some((u) => JSON.stringify(u) === JSON.stringify(use))) list.push(use);
    uses.set(key, list);
  };
  for (const { form, fields } of forms) {
    for (const field of fields) {
      const at = (rule: string): Use => ({ kind: 'field', form, field: field.path, rule });
      add(field.labelKey, at('label'));
      add(field.helpKey?.value, at('help'));
      for (const rule of field.rules) {
        if (rule.keyword !== 'errorMessage') continue;
        if (typeof rule.value === 'string') {
          add(rule.value, at('*'));
          // The texts for one kind of failed rule beside the key (`Validation.InvalidCity_maxLength`).
          for (const kind of Object.keys(MESSAGE_RULES)) add(`${rule.value}_${kind}`, at(kind));
        } else if (rule.value && typeof rule.value === 'object') {
          for (const [keyword, key] of Object.entries(rule.value as Record<string, unknown>)) {
            add(key, at(keyword === '_' ? '*' : keyword));
            if (typeof key === 'string') for (const kind of Object.keys(MESSAGE_RULES)) add(`${key}_${kind}`, at(kind));
          }
        }
      }
    }
  }
  return uses;
}

export function listRows(options: { base: Texts; texts: Texts; overrides: readonly TextChange[]; uses: Map<string, Use[]> }): TextRow[] {
  const { base, texts, uses } = options;
  const en = texts.get('en') as Map<string, string>;
  const baseEn = base.get('en') as Map<string, string>;
  const overrideOf = new Map(options.overrides.map((c) => [`${c.lang}\u0000${c.key}`, c]));
  const keys = new Set<string>();
  for (const lang of LANGUAGES) for (const key of (texts.get(lang) as Map<string, string>).keys()) keys.add(key);
  const rows: TextRow[] = [];
  for (const key of [...keys].sort()) {
    const namespace = key.slice(0, key.indexOf(':'));
    const text = (lang: Lang) => texts.get(lang)?.get(key) ?? null;
    const baseText = (lang: Lang) => base.get(lang)?.get(key) ?? null;
    const ja = text('ja');
    const jaChange = overrideOf.get(`ja\u0000${key}`);
    const english = en.get(key);
    // Stale: the Japanese was saved against another English than the one in force; a Japanese from
    // the files is stale once the English was changed here.
    const stale = ja !== null && english !== undefined && (jaChange ? jaChange.source !== sourceHash(english) : english !== baseEn.get(key));
    const server = (SERVER_NAMESPACES as readonly string[]).includes(namespace) ? (namespace as TextRow['server']) : null;
    rows.push({
      key,
      namespace,
      en: text('en'),
      ja,
      base: { en: baseText('en'), ja: baseText('ja') },
      missing: LANGUAGES.filter((lang) => text(lang) === null),
      stale,
      overridden: LANGUAGES.filter((lang) => text(lang) !== baseText(lang)),
      usedIn: uses.get(key) ?? uses.get(key.replace(RULE_CONTEXT, '')) ?? [{ kind: 'namespace', namespace }],
      server,
    });
  }
  return rows;
}

export function filterRows(rows: TextRow[], query: { q?: string; namespace?: string; filter?: 'missing' | 'stale' | 'overridden'; lang?: Lang }): TextRow[] {
  const lang = query.lang ?? 'ja';
  const q = query.q?.toLowerCase();
  return rows.filter((row) => {
    if (query.namespace && row.namespace !== query.namespace) return false;
    if (query.filter === 'missing' && !row.missing.includes(lang)) return false;
    if (query.filter === 'stale' && !(row.stale && lang === 'ja')) return false;
    if (query.filter === 'overridden' && !(query.lang ? row.overridden.includes(lang) : row.overridden.length > 0)) return false;
    if (q && !row.key.toLowerCase().includes(q) && !row.en?.toLowerCase().includes(q) && !row.ja?.toLowerCase().includes(q)) return false;
    return true;
  });
}
