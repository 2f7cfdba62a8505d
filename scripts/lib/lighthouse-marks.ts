import type { BenchMark } from './bench-report';

// The marks of `npm run bench:lighthouse` (docs/performance.md, "Lighthouse"), from the category scores
// Lighthouse gives (0 to 1, two decimals; NaN when a run gave none) and its Total Blocking Time.

/** Category scores by Lighthouse's category id: performance, accessibility, best-practices. */
export type CategoryScores = Record<string, number>;

/** One audit of a page: its category scores and its Total Blocking Time in milliseconds (NaN when none). */
export interface AuditFigures {
  scores: CategoryScores;
  tbt: number;
}

export interface AuditedPage {
  path: string;
  cold: AuditFigures;
  warm: AuditFigures;
}

/** How far a page's cold performance may fall behind the bare page's in the same run. */
export const PERFORMANCE_GAP = 0.03;
/** The most Total Blocking Time a page may have cold... */
export const TBT_MARK_MS = 150;
/** ...judged in a run whose bare page blocked the main thread for at most this long (a slower machine says nothing). */
export const FLOOR_TBT_JUDGED_MS = 50;

export const score = (value: number | undefined): string => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(2));
const ms = (value: number) => (Number.isNaN(value) ? '-' : `${Math.round(value)} ms`);

/** Met only by a score that is there: a run without one (NaN) meets nothing. */
const atLeast = (value: number | undefined, mark: number): boolean => value !== undefined && !Number.isNaN(value) && value >= mark - 1e-9;

/**
 * Per page: performance cold within PERFORMANCE_GAP of the bare React page's cold performance in the
 * same run; Total Blocking Time cold at most TBT_MARK_MS where the bare page's own was at most
 * FLOOR_TBT_JUDGED_MS (else the mark says the run was too slow to judge, and is not failed);
 * accessibility and best practices cold 1.00; performance on a return visit (warm) 1.00.
 */
export function lighthouseMarks(floor: AuditFigures, pages: AuditedPage[]): BenchMark[] {
  const floorPerformance = floor.scores.performance;
  const judged = !Number.isNaN(floor.tbt) && floor.tbt <= FLOOR_TBT_JUDGED_MS;
  return pages.flatMap(({ path, cold, warm }) => [
    {
      name: `performance ${path} (cold)`,
      value: score(cold.scores.performance),
      mark: `≥ ${score(floorPerformance === undefined ? undefined : floorPerformance - PERFORMANCE_GAP)} (the bare React page's ${score(floorPerformance)}, cold, same run, less ${PERFORMANCE_GAP})`,
      met: floorPerformance !== undefined && !Number.isNaN(floorPerformance) && atLeast(cold.scores.performance, floorPerformance - PERFORMANCE_GAP),
    },
    {
      name: `total blocking time ${path} (cold)`,
      value: ms(cold.tbt),
      mark: judged
        ? `≤ ${TBT_MARK_MS} ms (the bare page's ${ms(floor.tbt)})`
        : `≤ ${TBT_MARK_MS} ms, not judged: the bare page's own was ${ms(floor.tbt)} (judged at ≤ ${FLOOR_TBT_JUDGED_MS} ms)`,
      met: judged ? !Number.isNaN(cold.tbt) && cold.tbt <= TBT_MARK_MS : true,
    },
    ...(['accessibility', 'best-practices'] as const).map((category) => ({
      name: `${category} ${path} (cold)`,
      value: score(cold.scores[category]),
      mark: '≥ 1.00',
      met: atLeast(cold.scores[category], 1),
    })),
    {
      name: `performance ${path} (warm)`,
      value: score(warm.scores.performance),
      mark: '≥ 1.00',
      met: atLeast(warm.scores.performance, 1),
    },
  ]);
}
