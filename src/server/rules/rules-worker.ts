import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { pickFields, toProfileView, type StoredProfile } from '../../shared/profile/view';
import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { SchemaRegistry } from '../http/schema-registry';
import { slowInputs } from './pattern-timing';

// The rules console's thread (started by rules-thread.ts). Each message is a request and gets one
// answer:
// - `pattern`: whether one drafted pattern runs in linear time (the project's pattern timing, as
//   `npm run check:schemas` runs it on the files); the caller ends the thread when it takes too long.
// - `impact-start`, `impact-batch`..., `impact-end`: a draft's validators over stored profiles (impact.ts).
//   Counts and at most EXAMPLES example values per form, field and key stay in this thread until the
//   end; nothing is logged.

export interface PatternRequest {
  type: 'pattern';
  pattern: string;
  length: number;
  budgetMs: number;
}
export interface PatternAnswer {
  linear: boolean;
}

export interface ImpactCounts {
  /** Profiles with at least one field the draft newly rejects. */
  profiles: number;
  fields: Array<{ path: string; key: string; count: number; examples: Array<{ profileId: string; value: unknown }> }>;
}
export interface ImpactAnswer {
  counts: Partial<Record<FormName, ImpactCounts>>;
}

type Request =
  | PatternRequest
  | { type: 'impact-start'; draftFiles: Array<[string, JsonSchema]>; publishedFiles: Array<[string, JsonSchema]>; forms: FormName[]; affected: Record<string, string[]> }
  | { type: 'impact-batch'; rows: Array<{ id: string; document: string }> }
  | { type: 'impact-end' };

const EXAMPLES = 3;
const EXAMPLE_LENGTH = 200;

interface FormCheck {
  form: FormName;
  fields: string[];
  draft: (data: unknown) => Array<{ path: string; key: string }> | null;
  published: (data: unknown) => Array<{ path: string; key: string }> | null;
  /** JSON Pointers of the affected data paths (`/primaryAddress/city`). */
  affected: string[];
  profiles: number;
  counts: Map<string, { path: string; key: string; count: number; examples: Array<{ profileId: string; value: unknown }> }>;
}

let impact: FormCheck[] | undefined;

function valueAtPath(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.split('/').slice(1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  if (typeof node === 'string' && node.length > EXAMPLE_LENGTH) return `${node.slice(0, EXAMPLE_LENGTH)}…`;
  return node ?? null;
}

const under = (path: string, affected: string[]) => affected.some((a) => path === a || path.startsWith(`${a}/`) || a === '');

function startImpact(request: Extract<Request, { type: 'impact-start' }>): void {
  const draft = new SchemaRegistry({ files: request.draftFiles.map(([file, schema]) => ({ file, schema })), name: 'draft' });
  const published = new SchemaRegistry({ files: request.publishedFiles.map(([file, schema]) => ({ file, schema })), name: 'published' });
  impact = request.forms.map((form) => {
    const file = `forms/${form}.schema.json`;
    return {
      form,
      fields: draft.fields(file),
      draft: (data) => draft.validate(file, data),
      published: (data) => published.validate(file, data),
      affected: (request.affected[form] ?? []).map((p) => (p === '' ? '' : `/${p}`)),
      profiles: 0,
      counts: new Map(),
    };
  });
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
      const errors = check.draft(data);
      if (!errors) continue;
      const candidates = errors.filter((e) => under(e.path, check.affected));
      if (candidates.length === 0) continue;
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
    case 'pattern': {
      const slow = slowInputs({ file: 'draft', pointer: '', pattern: request.pattern }, request.length, request.budgetMs);
      return { linear: slow.length === 0 } satisfies PatternAnswer;
    }
    case 'impact-start':
      startImpact(request);
      return { ok: true };
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

const data = workerData as { mark?: string } | undefined;
if (!isMainThread && data?.mark === 'rules-worker' && parentPort) {
  const port = parentPort;
  port.on('message', (request: Request) => port.postMessage(answer(request)));
}
