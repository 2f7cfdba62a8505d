import { setPriority } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { pickFields, toProfileView, type StoredProfile } from '../../shared/profile/view';
import { bundleSchema } from '../../shared/schemas/bundle';
import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { formFields } from '../http/schema-registry';
import { trustPatterns } from '../http/linear-regexp';
import { impactValidator, type ImpactValidator } from './impact-schema';
import { canPass, patternRefusal, type FieldLanguage } from './pattern-analysis';
import type { SubsetRefusal } from './pattern-subset';
import { storageEntries, storedPath } from './storage';
import { formModuleCode, prepareSpareAjv, servicesValidatorCode } from './validator-code';

// The rules console's thread (started by rules-thread.ts). Each message is a request and gets one
// answer:
// - `analyse`: drafted patterns against the subset and the static analyser, and whether any value can
//   pass some fields' rules (pattern-analysis.ts); the caller ends the thread when it takes too long.
// - `impact-start`, `impact-batch`..., `impact-end`: a draft's validators over stored profiles (impact.ts).
//   Counts and at most EXAMPLES example values per form, field and key stay in this thread until the
//   end; nothing is logged.
// - `services-validators`, `form-module` (with an `id`, answered `{ id, result }` or `{ id, error }`):
//   a rules version's validators compiled here, so the thread answering requests never compiles
//   (validator-code.ts; its caller is version-validators.ts, through RulesThread in rules-thread.ts).

export interface AnalysisRequest {
  type: 'analyse';
  patterns: string[];
  fields: FieldLanguage[];
  timeoutMs: number;
}
export interface AnalysisAnswer {
  /** Each pattern's refusal, or null when it may be used. */
  refusals: Array<[string, SubsetRefusal | null]>;
  /** Per field: whether some value passes (null: cannot be decided). */
  passable: Array<boolean | null>;
}

export interface ImpactCounts {
  /** Profiles with at least one field the draft newly rejects. */
  profiles: number;
  fields: Array<{ path: string; key: string; count: number; examples: Array<{ profileId: string; value: unknown }> }>;
}
export interface ImpactAnswer {
  counts: Partial<Record<FormName, ImpactCounts>>;
}
/** The stored profile's top-level fields the checks read (null: the whole document). */
export interface ImpactStarted {
  storedFields: string[] | null;
}

type Request =
  | AnalysisRequest
  | {
      type: 'impact-start';
      draftFiles: Array<[string, JsonSchema]>;
      publishedFiles: Array<[string, JsonSchema]>;
      forms: FormName[];
      affected: Record<string, string[]>;
      trusted: string[];
    }
  | { type: 'impact-batch'; rows: Array<{ id: string; document: string }> }
  | { type: 'impact-end' };

/** The compilations asked through RulesThread (rules-thread.ts), each answered with its id. */
export type CompileRequest =
  | { type: 'services-validators'; files: Array<[string, JsonSchema]>; known: string[]; trusted: string[] }
  | { type: 'form-module'; files: Array<[string, JsonSchema]>; form: FormName };

function compile(request: CompileRequest): unknown {
  switch (request.type) {
    case 'services-validators':
      // The build's patterns RE2 cannot run, as the thread answering requests has them (../http/linear-regexp.ts).
      trustPatterns(request.trusted);
      return servicesValidatorCode(request.files, new Set(request.known));
    case 'form-module':
      return formModuleCode(request.files, request.form);
  }
}

const EXAMPLES = 3;
const EXAMPLE_LENGTH = 200;

interface FormCheck {
  form: FormName;
  fields: string[];
  draft: ImpactValidator;
  published: ImpactValidator;
  /** JSON Pointers of the affected data paths (`/primaryAddress/city`). */
  affected: string[];
  profiles: number;
  counts: Map<string, { path: string; key: string; count: number; examples: Array<{ profileId: string; value: unknown }> }>;
}

let impact: FormCheck[] | undefined;

function valueAtPath(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.split('/').slice(1))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  if (typeof node === 'string' && node.length > EXAMPLE_LENGTH) return `${node.slice(0, EXAMPLE_LENGTH)}…`;
  return node ?? null;
}

/** The stored profile (schemas/api/profile.schema.json) whose fields the forms' x-storage names. */
const STORED_PROFILE = 'api/profile.schema.json';

function startImpact(request: Extract<Request, { type: 'impact-start' }>): ImpactStarted {
  const draftFiles = new Map(request.draftFiles);
  const publishedFiles = new Map(request.publishedFiles);
  trustPatterns(request.trusted);
  let stored: Set<string> | null = new Set();
  impact = request.forms.map((form) => {
    // Each form validated only at the paths the draft's changes reach (impact-schema.ts).
    const affected = (request.affected[form] ?? []).map((p) => (p === '' ? '' : `/${p}`));
    const check: FormCheck = {
      form,
      // The form's fields as it renders them: a shared part (defs/contact-details) merged into its root.
      fields: formFields(
        bundleSchema(
          `forms/${form}.schema.json`,
          [...draftFiles].map(([path, schema]) => ({ path, schema: schema as JsonSchema })),
        ),
      ),
      draft: impactValidator(draftFiles, form, affected),
      published: impactValidator(publishedFiles, form, affected),
      affected,
      profiles: 0,
      counts: new Map(),
    };
    // What of the stored profile the checks read: each form field read, as x-storage stores it.
    const entry = storageEntries(draftFiles.get(`forms/${form}.schema.json`)).find((e) => e.schema === STORED_PROFILE);
    const reads = [check.draft.reads, check.published.reads];
    if (!entry || reads.some((r) => r === null)) stored = null;
    for (const name of reads.flat()) if (stored && name) stored.add(storedPath(entry!, name).split('/')[0]!);
    return check;
  });
  return { storedFields: stored ? [...(stored as Set<string>)].sort() : null };
}

function checkBatch(rows: Array<{ id: string; document: string }>): void {
  for (const row of rows) {
    let view;
    try {
      view = toProfileView(JSON.parse(row.document) as StoredProfile);
    } catch {
      continue;
    }
    for (const check of impact ?? []) {
      const data = pickFields(view, check.fields);
      const candidates = check.draft(data);
      if (!candidates) continue;
      // A field the published rules reject already is not a new failure.
      const before = new Set((check.published(data) ?? []).map((e) => e.path));
      const fresh = candidates.filter((e) => !before.has(e.path));
      if (fresh.length === 0) continue;
      check.profiles += 1;
      for (const error of fresh) {
        const id = `${error.path}\u0000${error.key}`;
        let count = check.counts.get(id);
        if (!count) check.counts.set(id, (count = { path: error.path, key: error.key, count: 0, examples: [] }));
        count.count += 1;
        if (count.examples.length < EXAMPLES) count.examples.push({ profileId: row.id, value: valueAtPath(data, error.path) });
      }
    }
  }
}

function answer(request: Request): unknown {
  switch (request.type) {
    case 'analyse':
      return {
        refusals: request.patterns.map((pattern) => [pattern, patternRefusal(pattern, request.timeoutMs) ?? null]),
        passable: request.fields.map((field) => canPass(field) ?? null),
      } satisfies AnalysisAnswer;
    case 'impact-start':
      return startImpact(request);
    case 'impact-batch':
      checkBatch(request.rows);
      return { ok: true };
    case 'impact-end': {
      const counts: ImpactAnswer['counts'] = {};
      for (const check of impact ?? []) {
        counts[check.form] = { profiles: check.profiles, fields: [...check.counts.values()].sort((a, b) => b.count - a.count || a.path.localeCompare(b.path)) };
      }
      impact = undefined;
      return { counts } satisfies ImpactAnswer;
    }
  }
}

/** The niceness of a background thread (rules-thread.ts): the thread answering requests goes first. */
const BACKGROUND_NICE = 5;

const data = workerData as { mark?: string; background?: boolean } | undefined;
if (!isMainThread && data?.mark === 'rules-worker' && parentPort) {
  // On Linux a thread has a priority of its own (elsewhere this call would lower the whole process's).
  if (data.background && process.platform === 'linux') {
    try {
      setPriority(BACKGROUND_NICE);
    } catch {
      // Not allowed here: the thread runs at the process's priority.
    }
  }
  const port = parentPort;
  port.on('message', (request: Request | (CompileRequest & { id: number })) => {
    if (!('id' in request)) {
      port.postMessage(answer(request));
      return;
    }
    try {
      port.postMessage({ id: request.id, result: compile(request) });
    } catch (error) {
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
    // Answered: the next version's Ajv instances are made while nothing waits.
    if (request.type === 'services-validators') setImmediate(prepareSpareAjv);
  });
}
