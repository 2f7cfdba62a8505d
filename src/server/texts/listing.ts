import type { ListedForm } from '../rules/listing';
import { MESSAGE_RULES } from '../../shared/schemas/message-params';
import { SOURCE_LANGUAGE, sourceHash, type Lang, type Sources, type TextChange, type Texts } from './texts-files';
import { SERVER_NAMESPACES } from './server-texts';

// One row per key for the texts console (docs/admin-area.md, "Texts"): every language's text, where
// the key is used (a field's message, label or help, read off the published rules), and the flags:
// missing, stale (a translation made against another English), overridden (differs from the files).

export type Use = { kind: 'field'; form: string; field: string; rule: string } | { kind: 'namespace'; namespace: string };

export interface TextRow {
  key: string;
  namespace: string;
  en: string | null;
  ja: string | null;
  base: { en: string | null; ja: string | null };
  /** Every language's text (null: missing), the languages added in the console too. */
  texts: Record<Lang, string | null>;
  missing: Lang[];
  /** Whether the Japanese is stale; `staleIn` names every language whose text is. */
  stale: boolean;
  staleIn: Lang[];
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

export function listRows(options: {
  base: Texts;
  texts: Texts;
  overrides: readonly TextChange[];
  uses: Map<string, Use[]>;
  sources?: Sources;
  /** The languages of the texts service, in the console's order. */
  languages: readonly Lang[];
}): TextRow[] {
  const { base, texts, uses, languages } = options;
  const en = texts.get(SOURCE_LANGUAGE) as Map<string, string>;
  const baseEn = base.get(SOURCE_LANGUAGE) as Map<string, string>;
  const overrideOf = new Map(options.overrides.map((c) => [`${c.lang}\u0000${c.key}`, c]));
  const keys = new Set<string>();
  for (const lang of languages) for (const key of texts.get(lang)?.keys() ?? []) keys.add(key);
  const rows: TextRow[] = [];
  for (const key of [...keys].sort()) {
    const namespace = key.slice(0, key.indexOf(':'));
    const text = (lang: Lang) => texts.get(lang)?.get(key) ?? null;
    const baseText = (lang: Lang) => base.get(lang)?.get(key) ?? null;
    const english = en.get(key);
    // Stale: a translation saved against another English than the one in force; one from the files,
    // against another English than the one in force (as locales/text-sources.json records it), or
    // once the English was changed here.
    const staleIn = languages.filter((lang) => {
      if (lang === SOURCE_LANGUAGE || text(lang) === null || english === undefined) return false;
      const change = overrideOf.get(`${lang}\u0000${key}`);
      if (change) return change.source !== sourceHash(english);
      const recorded = options.sources?.get(`${lang}\u0000${key}`);
      return english !== baseEn.get(key) || (recorded !== undefined && recorded !== sourceHash(english));
    });
    const server = (SERVER_NAMESPACES as readonly string[]).includes(namespace) ? (namespace as TextRow['server']) : null;
    rows.push({
      key,
      namespace,
      en: text('en'),
      ja: text('ja'),
      base: { en: baseText('en'), ja: baseText('ja') },
      texts: Object.fromEntries(languages.map((lang) => [lang, text(lang)])),
      missing: languages.filter((lang) => text(lang) === null),
      stale: staleIn.includes('ja'),
      staleIn,
      overridden: languages.filter((lang) => text(lang) !== baseText(lang)),
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
    if (query.filter === 'stale' && !row.staleIn.includes(lang)) return false;
    if (query.filter === 'overridden' && !(query.lang ? row.overridden.includes(lang) : row.overridden.length > 0)) return false;
    if (q && !row.key.toLowerCase().includes(q) && !Object.values(row.texts).some((text) => text?.toLowerCase().includes(q))) return false;
    return true;
  });
}
