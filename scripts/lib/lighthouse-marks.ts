import type { BenchMark } from './bench-report';

// The marks of `npm run bench:lighthouse` (docs/testing.md, "Lighthouse"), from the category scores
// Lighthouse gives (0 to 1, two decimals; NaN when a run gave none).

/** Category scores by Lighthouse's category id: performance, accessibility, best-practices. */
export type CategoryScores = Record<string, number>;

export interface AuditedPage {
  path: string;
  cold: CategoryScores;
  warm: CategoryScores;
}

export const score = (value: number | undefined): string => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(2));

/** Met only by a score that is there: a run without one (NaN) meets nothing. */
const atLeast = (value: number | undefined, mark: number): boolean => value !== undefined && !Number.isNaN(value) && value >= mark;

/**
 * Per page: performance on a first visit (cold) at least the bare React page's cold performance in
 * the same run; accessibility and best practices cold 1.00; performance on a return visit (warm) 1.00.
 */
export function lighthouseMarks(floor: CategoryScores, pages: AuditedPage[]): BenchMark[] {
  const floorPerformance = floor.performance;
  return pages.flatMap(({ path, cold, warm }) => [
    {
      name: `performance ${path} (cold)`,
      value: score(cold.performance),
      mark: `≥ ${score(floorPerformance)} (the bare React page, cold, same run)`,
      met: floorPerformance !== undefined && atLeast(cold.performance, floorPerformance),
    },
    ...(['accessibility', 'best-practices'] as const).map((category) => ({
      name: `${category} ${path} (cold)`,
      value: score(cold[category]),
      mark: '≥ 1.00',
      met: atLeast(cold[category], 1),
    })),
    {
      name: `performance ${path} (warm)`,
      value: score(warm.performance),
      mark: '≥ 1.00',
      met: atLeast(warm.performance, 1),
    },
  ]);
}
