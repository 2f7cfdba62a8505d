import type { Worker } from 'node:worker_threads';
import type { PatternCheck, PatternVerdicts } from './draft-checks';
import type { SubsetRefusal } from './pattern-subset';
import { askOnce, startRulesWorker } from './rules-thread';
import type { AnalysisAnswer, AnalysisRequest } from './rules-worker';

// A drafted pattern is checked in the rules thread, never on the thread that answers requests
// (docs/admin-area.md#what-a-pattern-may-contain): the subset it must keep to (pattern-subset.ts),
// then the static analyser (pattern-analysis.ts: recheck, which looks for an attack string), and
// whether any value can pass the field's rules at all. A check that has not answered by the
// deadline ends its thread and counts as not safe. The thread stays for the next check while a
// console is being used (IDLE_MS: a first check pays 1-3 s, the next ones 5-15 ms), and verdicts on patterns are kept, so a console that checks a
// draft as the owner types analyses each pattern once.

/** What recheck may spend on one pattern before it says "unknown" (not safe). */
export const ANALYSIS_TIMEOUT_MS = 3_000;
const KEPT = 500;
/** An idle thread is ended after this long (starting one and loading the analysers takes 1-3 s on a busy machine). */
const IDLE_MS = 5 * 60_000;

const NOT_PROVEN: SubsetRefusal = { key: 'Rules.Refusal.PatternNotLinear', params: {} };

export function patternChecker(options: { timeoutMs?: number; deadlineMs?: number } = {}): PatternCheck {
  const known = new Map<string, SubsetRefusal | null>();
  const timeoutMs = options.timeoutMs ?? ANALYSIS_TIMEOUT_MS;
  let running = Promise.resolve();
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;

  function remember(pattern: string, refusal: SubsetRefusal | null) {
    if (known.size >= KEPT) known.delete(known.keys().next().value as string);
    known.set(pattern, refusal);
  }

  async function ask(request: AnalysisRequest, deadline: number): Promise<AnalysisAnswer> {
    clearTimeout(idle);
    if (!worker) {
      worker = startRulesWorker();
      // An idle thread never keeps the process running.
      worker.unref();
    }
    const thread = worker;
    try {
      return await askOnce<AnalysisAnswer>(thread, request, deadline);
    } catch (error) {
      // The deadline ended the thread (or it failed): the next check starts another.
      if (worker === thread) worker = undefined;
      throw error;
    } finally {
      if (worker === thread)
        idle = setTimeout(() => {
          if (worker === thread) worker = undefined;
          void thread.terminate();
        }, IDLE_MS).unref();
    }
  }

  return async ({ patterns, fields }) => {
    const out: PatternVerdicts = { refusals: new Map(), passable: fields.map(() => undefined) };
    // One check at a time: the machine has few cores, and a slow pattern should not starve others.
    const work = running.then(async () => {
      const fresh = [...new Set(patterns)].filter((p) => !known.has(p));
      if (fresh.length > 0 || fields.length > 0) {
        const deadline = options.deadlineMs ?? timeoutMs * (fresh.length + 1) + 5_000;
        try {
          const answer = await ask({ type: 'analyse', patterns: fresh, fields, timeoutMs }, deadline);
          for (const [pattern, refusal] of answer.refusals) remember(pattern, refusal);
          out.passable = answer.passable.map((p) => p ?? undefined);
        } catch {
          // Nothing the thread was asked is proven.
          for (const pattern of fresh) remember(pattern, NOT_PROVEN);
        }
      }
      for (const pattern of patterns) out.refusals.set(pattern, known.get(pattern) ?? null);
    });
    running = work.catch(() => undefined);
    await work;
    return out;
  };
}
