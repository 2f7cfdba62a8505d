import type { FormName } from '../../shared/schemas/form-names';
import type { FormMap } from './form-map';
import { pointerOf, pointerSegments, valueAt, type RuleChange, type RuleFiles } from './rule-files';
import { askOnce, startRulesWorker } from './rules-thread';
import type { ImpactAnswer, ImpactCounts, ImpactStarted } from './rules-worker';
import type { ResolvedRules } from './versions';

// The impact of a draft on stored data (docs/admin-area.md): the draft's validators run over every
// stored profile, for the profile forms the draft's changes reach, and the answer counts the profiles
// that would now fail, per form, field and message key, with a few examples. "Now": a field the
// published rules already reject is not counted again. Profiles are read in keyset batches (never all
// in memory), only the fields the checks read (impact-schema.ts), and checked in the rules thread while
// the next batch is read. The values in the examples
// are in this answer only: nothing here logs them.

/** Stored profiles, for the impact check (the identity service's). */
export interface ProfileSource {
  /** The forms a profile write is checked with (profile, exam, demographics). */
  forms: readonly FormName[];
  /** Profiles after an id, in id order, as JSON text: only these top-level fields when named. */
  batch(afterId: string, limit: number, fields?: readonly string[]): Promise<Array<{ id: string; document: string }>>;
}

export interface ImpactReport {
  draftId: string;
  hash: string;
  publishedHash: string;
  /** Stored profiles read. */
  checked: number;
  /** The top-level fields of each stored profile read (null: the whole document). */
  readFields?: string[] | null;
  ms: number;
  forms: Array<{ form: FormName; profiles: number; fields: ImpactCounts['fields'] }>;
}

export const IMPACT_BATCH = 2000;
/** The longest a batch may take in the thread before the check is given up. */
const BATCH_DEADLINE_MS = 60_000;

/**
 * The data paths of each form where a change alters a rule: validation errors can only newly appear
 * at or under them. A rule of a node applies at the node's field; a `required` list names fields
 * below it, so only those (as the draft and the published version list them) are affected.
 */
export function affectedPaths(map: FormMap, changes: readonly RuleChange[], versions: readonly RuleFiles[] = []): Map<FormName, string[]> {
  const out = new Map<FormName, Set<string>>();
  // A rule reached through a $ref inside a condition could change what the condition decides, and so
  // errors anywhere: then every form a change reaches is checked whole. (No schema does so today.)
  const whole = refsInConditions(map.files);
  const add = (form: FormName, path: string) => {
    let set = out.get(form);
    if (!set) out.set(form, (set = new Set()));
    set.add(path);
  };
  for (const change of changes) {
    if (change.file.startsWith('ui/')) continue; // order and help texts reject nothing
    const segments = pointerSegments(change.path) ?? [];
    for (let n = segments.length; n >= 0; n--) {
      const node = segments.slice(0, n);
      const occurrences = map.at({ file: change.file, pointer: pointerOf(node) });
      if (occurrences.length === 0) continue;
      const required =
        segments[n] === 'required' && versions.length > 0
          ? [
              ...new Set(
                versions.flatMap((files) =>
                  [valueAt(files.get(change.file), [...node, 'required'])].flat().filter((name): name is string => typeof name === 'string'),
                ),
              ),
            ]
          : undefined;
      for (const o of occurrences) {
        if (whole) add(o.form, '');
        else if (required) required.forEach((name) => add(o.form, o.dataPath ? `${o.dataPath}/${name}` : name));
        else add(o.form, o.dataPath);
      }
      break;
    }
  }
  return new Map([...out].map(([form, paths]) => [form, [...paths]]));
}

const CONDITIONS = ['if', 'not', 'anyOf', 'oneOf', 'contains', 'propertyNames', 'dependentSchemas'];

/** Whether any schema file holds a $ref inside a condition (where the form map does not look). */
export function refsInConditions(files: RuleFiles): boolean {
  const visit = (node: unknown, inCondition: boolean): boolean => {
    if (Array.isArray(node)) return node.some((item) => visit(item, inCondition));
    if (!node || typeof node !== 'object') return false;
    return Object.entries(node).some(
      ([key, value]) => (key === '$ref' && inCondition) || (key !== 'errorMessage' && visit(value, inCondition || CONDITIONS.includes(key))),
    );
  };
  return [...files].some(([file, schema]) => !file.startsWith('api/') && visit(schema, false));
}

export async function checkImpact(options: {
  draft: ResolvedRules;
  published: ResolvedRules;
  affected: Map<FormName, string[]>;
  profiles: ProfileSource;
  draftId: string;
  /** The build's patterns, which may run on the platform's engine (../http/linear-regexp.ts). */
  trusted: readonly string[];
  batchSize?: number;
}): Promise<ImpactReport> {
  const started = performance.now();
  const forms = options.profiles.forms.filter((form) => (options.affected.get(form)?.length ?? 0) > 0);
  const report: ImpactReport = { draftId: options.draftId, hash: options.draft.hash, publishedHash: options.published.hash, checked: 0, ms: 0, forms: [] };
  if (forms.length === 0) return { ...report, ms: Math.round(performance.now() - started) };
  const worker = startRulesWorker();
  try {
    // Which of each stored profile the checks read: only those fields are read from the database.
    const { storedFields } = await askOnce<ImpactStarted>(
      worker,
      {
        type: 'impact-start',
        draftFiles: [...options.draft.files],
        publishedFiles: [...options.published.files],
        forms,
        affected: Object.fromEntries(forms.map((form) => [form, options.affected.get(form) ?? []])),
        trusted: [...options.trusted],
      },
      BATCH_DEADLINE_MS,
    );
    const size = options.batchSize ?? IMPACT_BATCH;
    let after = '';
    const fields = storedFields ?? undefined;
    report.readFields = storedFields;
    let rows = await options.profiles.batch(after, size, fields);
    while (rows.length > 0) {
      report.checked += rows.length;
      after = rows[rows.length - 1]!.id;
      // The thread checks this batch while the next one is read.
      const checked = askOnce(worker, { type: 'impact-batch', rows }, BATCH_DEADLINE_MS);
      const next = rows.length === size ? options.profiles.batch(after, size, fields) : Promise.resolve([]);
      await checked;
      rows = await next;
    }
    const answer = await askOnce<ImpactAnswer>(worker, { type: 'impact-end' }, BATCH_DEADLINE_MS);
    report.forms = forms.map((form) => ({ form, profiles: answer.counts[form]?.profiles ?? 0, fields: answer.counts[form]?.fields ?? [] }));
  } finally {
    await worker.terminate();
  }
  return { ...report, ms: Math.round(performance.now() - started) };
}
