import type { Worker } from 'node:worker_threads';
import type { PatternCheck } from './draft-checks';
import { askOnce, startRulesWorker } from './rules-thread';
import type { PatternAnswer, PatternRequest } from './rules-worker';

// A drafted pattern must run in linear time, like every pattern under schemas/ (npm run
// check:schemas times them the same way: src/server/rules/pattern-timing.ts). Each pattern is timed
// on long adversarial strings in the rules thread; one that has not finished by the deadline (a
// catastrophic one can take minutes) is not linear, and its thread is ended. Answers are kept, so a
// console that checks a draft as the owner types times each pattern once.

/** The same length and budget as the schema check (scripts/check-patterns.ts). */
export const PATTERN_LENGTH = 50_000;
export const PATTERN_BUDGET_MS = 250;
/** The most a pattern's whole timing may take before it counts as not linear. */
const DEADLINE_MS = 5_000;
const KEPT = 500;

export function patternChecker(options: { length?: number; budgetMs?: number; deadlineMs?: number } = {}): PatternCheck {
  const known = new Map<string, boolean>();
  let running = Promise.resolve();
  return async (patterns) => {
    const out = new Map<string, boolean>();
    // One check at a time: the machine has few cores, and a slow pattern should not starve others.
    const work = running.then(async () => {
      let worker: Worker | undefined;
      try {
        for (const pattern of patterns) {
          const kept = known.get(pattern);
          if (kept !== undefined) {
            out.set(pattern, kept);
            continue;
          }
          const request: PatternRequest = {
            type: 'pattern',
            pattern,
            length: options.length ?? PATTERN_LENGTH,
            budgetMs: options.budgetMs ?? PATTERN_BUDGET_MS,
          };
          let linear = false;
          let settled = false;
          // A slow input may be the machine's fault (another process, a collection): timed twice
          // before it counts. Past the deadline it counts at once (a catastrophic pattern would not end).
          for (let attempt = 0; attempt < 2 && !linear && !settled; attempt++) {
            worker ??= startRulesWorker();
            try {
              linear = (await askOnce<PatternAnswer>(worker, request, options.deadlineMs ?? DEADLINE_MS)).linear;
            } catch {
              // The deadline ended the thread (or it failed): not linear; the next pattern gets a new thread.
              worker = undefined;
              settled = true;
            }
          }
          if (known.size >= KEPT) known.delete(known.keys().next().value as string);
          known.set(pattern, linear);
          out.set(pattern, linear);
        }
      } finally {
        await worker?.terminate();
      }
    });
    running = work.catch(() => undefined);
    await work;
    return out;
  };
}
