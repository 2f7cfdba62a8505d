import type { FormName } from '../../shared/schemas/form-names';
import type { FormMap } from './form-map';
import { pointerOf, pointerSegments, type RuleChange } from './rule-files';
import { askOnce, startRulesWorker } from './rules-thread';
import type { ImpactAnswer, ImpactCounts } from './rules-worker';
import type { ResolvedRules } from './versions';

// The impact of a draft on stored data (docs/admin-area.md): the draft's validators run over every
// stored profile, for the profile forms the draft's changes reach, and the answer counts the profiles
// that would now fail, per form, field and message key, with a few examples. "Now": a field the
// published rules already reject is not counted again. Profiles are read in keyset batches (never all
// in memory) and checked in the rules thread while the next batch is read. The values in the examples
// are in this answer only: nothing here logs them.

/** Stored profiles, for the impact check (the identity service's). */
export interface ProfileSource {
  /** The forms a profile write is checked with (profile, exam, demographics). */
  forms: readonly FormName[];
  /** Profiles after an id, in id order, as JSON text. */
  batch(afterId: string, limit: number): Promise<Array<{ id: string; document: string }>>;
}

export interface ImpactReport {
  draftId: string;
  hash: string;
  publishedHash: string;
  /** Stored profiles read. */
  checked: number;
  ms: number;
  forms: Array<{ form: FormName; profiles: number; fields: ImpactCounts['fields'] }>;
}

export const IMPACT_BATCH = 2000;
/** The longest a batch may take in the thread before the check is given up. */
const BATCH_DEADLINE_MS = 60_000;

/** The data paths of each form where a change alters a rule (validation errors can only newly appear at or under them). */
export function affectedPaths(map: FormMap, changes: readonly RuleChange[]): Map<FormName, string[]> {
  const out = new Map<FormName, Set<string>>();
  for (const change of changes) {
    if (change.file.startsWith('ui/')) continue; // order and help texts reject nothing
    const segments = pointerSegments(change.path) ?? [];
    for (let n = segments.length; n >= 0; n--) {
      const occurrences = map.at({ file: change.file, pointer: pointerOf(segments.slice(0, n)) });
      if (occurrences.length === 0) continue;
      for (const o of occurrences) {
        let set = out.get(o.form);
        if (!set) out.set(o.form, (set = new Set()));
        set.add(o.dataPath);
      }
      break;
    }
  }
  return new Map([...out].map(([form, paths]) => [form, [...paths]]));
}

export async function checkImpact(options: {
  draft: ResolvedRules;
  published: ResolvedRules;
  affected: Map<FormName, string[]>;
  profiles: ProfileSource;
  draftId: string;
  batchSize?: number;
}): Promise<ImpactReport> {
  const started = performance.now();
  const forms = options.profiles.forms.filter((form) => (options.affected.get(form)?.length ?? 0) > 0);
  const report: ImpactReport = { draftId: options.draftId, hash: options.draft.hash, publishedHash: options.published.hash, checked: 0, ms: 0, forms: [] };
  if (forms.length === 0) return { ...report, ms: Math.round(performance.now() - started) };
  const worker = startRulesWorker();
  try {
    await askOnce(
      worker,
      {
        type: 'impact-start',
        draftFiles: [...options.draft.files],
        publishedFiles: [...options.published.files],
        forms,
        affected: Object.fromEntries(forms.map((form) => [form, options.affected.get(form) ?? []])),
      },
      BATCH_DEADLINE_MS,
    );
    const size = options.batchSize ?? IMPACT_BATCH;
    let after = '';
    let rows = await options.profiles.batch(after, size);
    while (rows.length > 0) {
      report.checked += rows.length;
      after = rows[rows.length - 1]!.id;
      // The thread checks this batch while the next one is read.
      const checked = askOnce(worker, { type: 'impact-batch', rows }, BATCH_DEADLINE_MS);
      const next = rows.length === size ? options.profiles.batch(after, size) : Promise.resolve([]);
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
