import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

// The statistics the console's "What changed for learners" panel and the watch rest on
// (docs/admin-area.md, "What a version did"): a rate with its Wilson score interval, and the
// pooled two-proportion z-test between two windows. The normal distribution is stdlib's.

/** The confidence of every interval, and the level below which a difference is called one. */
export const CONFIDENCE = 0.95;
export const SIGNIFICANCE = 0.05;
/** A window with fewer trials than this shows no percentage ("too few attempts to tell"). */
export const MIN_TRIALS = 30;
/**
 * The normal approximation behind the z-test holds when each window would expect at least this many
 * events and non-events under the pooled rate; below it no difference is called.
 */
export const MIN_EXPECTED = 5;

/** z of a two-sided interval at this confidence (1.959963984540054 at 95 %). */
export const zOf = (confidence: number): number => normalQuantile(1 - (1 - confidence) / 2, 0, 1);
const Z95 = zOf(CONFIDENCE);

export interface Interval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval of `events` in `trials` (E. B. Wilson, 1927): the proportions p whose
 * score test at this confidence does not reject the observed one. Unlike the textbook p ± z·se it
 * stays within [0, 1] and is not zero-width at 0 or n events. Undefined without trials.
 */
export function wilsonInterval(events: number, trials: number, confidence = CONFIDENCE): Interval | undefined {
  if (!(trials > 0) || events < 0 || events > trials) return undefined;
  const z = confidence === CONFIDENCE ? Z95 : zOf(confidence);
  const p = events / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0 and n events the bound is the proportion itself; rounding must not move it past.
  return { low: events === 0 ? 0 : Math.max(0, centre - half), high: events === trials ? 1 : Math.min(1, centre + half) };
}

export interface ProportionTest {
  /** after − before, as proportions. */
  difference: number;
  /** The pooled z statistic (after against before); 0 when the pooled rate is 0 or 1. */
  z: number;
  /** Two-sided. */
  pValue: number;
  /** Whether each window would expect MIN_EXPECTED events and non-events under the pooled rate. */
  approximationHolds: boolean;
}

/**
 * The pooled two-proportion z-test of "the rate is the same in both windows": z = (p2 − p1) / se with
 * se = √(p̄(1 − p̄)(1/n1 + 1/n2)), p̄ = (x1 + x2)/(n1 + n2); the p-value is two-sided. Undefined when a
 * window has no trials.
 */
export function twoProportionTest(before: { events: number; trials: number }, after: { events: number; trials: number }): ProportionTest | undefined {
  const { events: x1, trials: n1 } = before;
  const { events: x2, trials: n2 } = after;
  if (!(n1 > 0 && n2 > 0) || x1 < 0 || x2 < 0 || x1 > n1 || x2 > n2) return undefined;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const z = se === 0 ? 0 : (p2 - p1) / se;
  const pValue = se === 0 ? 1 : Math.min(1, 2 * normalCdf(-Math.abs(z), 0, 1));
  const approximationHolds = [n1, n2].every((n) => n * pooled >= MIN_EXPECTED && n * (1 - pooled) >= MIN_EXPECTED);
  return { difference: p2 - p1, z, pValue, approximationHolds };
}

/** What the console says of a change, in words (admin:Effect.Verdict.*). */
export type Verdict = 'worse' | 'better' | 'no-clear-difference' | 'too-few';

/**
 * The verdict on a rate between two windows. `higherIs` says which way is worse: more rejections or
 * abandoned forms are worse, more saves better. A difference is called only when both windows have
 * MIN_TRIALS trials, the approximation holds and p < SIGNIFICANCE.
 */
export function verdictOf(test: ProportionTest | undefined, trials: { before: number; after: number }, higherIs: 'worse' | 'better'): Verdict {
  if (!test || trials.before < MIN_TRIALS || trials.after < MIN_TRIALS) return 'too-few';
  if (!test.approximationHolds || !(test.pValue < SIGNIFICANCE) || test.difference === 0) return 'no-clear-difference';
  const up = test.difference > 0;
  return up === (higherIs === 'worse') ? 'worse' : 'better';
}
