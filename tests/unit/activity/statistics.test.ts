import fc from 'fast-check';
import { MIN_TRIALS, twoProportionTest, verdictOf, wilsonInterval, zOf } from '../../../src/server/activity/statistics';

// The statistics of "What changed for learners" (src/server/activity/statistics.ts) against
// published worked examples, at the small counts where the textbook interval fails, and as
// properties over generated counts.

const close = (actual: number | undefined, expected: number, digits = 4) => expect(actual).toBeCloseTo(expected, digits);

describe('the Wilson score interval (95 %)', () => {
  // R. G. Newcombe, "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17 (1998) 857–872, Table II, method 3 (score, no continuity
  // correction), to the four decimals printed there.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f (Newcombe 1998, Table II)', (events, trials, low, high) => {
    const interval = wilsonInterval(events, trials);
    close(interval?.low, low);
    close(interval?.high, high);
  });

  it('uses z = 1.95996… for 95 % (the normal quantile at 0.975)', () => {
    close(zOf(0.95), 1.959963984540054, 12);
  });

  it('0 of n starts at exactly 0 and n of n ends at exactly 1, each with a width above 0', () => {
    expect(wilsonInterval(0, 5)).toEqual({ low: 0, high: expect.closeTo(0.4345, 4) });
    expect(wilsonInterval(5, 5)).toEqual({ low: expect.closeTo(0.5655, 4), high: 1 });
    expect(wilsonInterval(0, 1)?.high).toBeCloseTo(0.7935, 4);
  });

  it('has no interval without trials, or with more events than trials', () => {
    expect(wilsonInterval(0, 0)).toBeUndefined();
    expect(wilsonInterval(3, 2)).toBeUndefined();
    expect(wilsonInterval(-1, 2)).toBeUndefined();
  });

  it('holds the proportion, stays within [0, 1] and mirrors at n − x (generated counts)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        ([n, x]) => {
          const interval = wilsonInterval(x, n)!;
          const mirrored = wilsonInterval(n - x, n)!;
          expect(interval.low).toBeGreaterThanOrEqual(0);
          expect(interval.high).toBeLessThanOrEqual(1);
          expect(interval.low).toBeLessThanOrEqual(x / n + 1e-12);
          expect(interval.high).toBeGreaterThanOrEqual(x / n - 1e-12);
          expect(interval.high).toBeGreaterThan(interval.low);
          expect(mirrored.low).toBeCloseTo(1 - interval.high, 9);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('narrows as the trials grow at the same proportion (generated counts)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 2, max: 50 }), (n, raw, k) => {
        const x = raw % (n + 1);
        const small = wilsonInterval(x, n)!;
        const large = wilsonInterval(x * k, n * k)!;
        expect(large.high - large.low).toBeLessThan(small.high - small.low);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the pooled two-proportion z-test', () => {
  // statsmodels' documentation of proportions_ztest (statsmodels.stats.proportion): 5 of 83 against
  // 12 of 99 gives a two-sided p-value of 0.159 (pooled variance, its default).
  it('5 of 83 against 12 of 99: p = 0.159 (statsmodels’ example)', () => {
    const test = twoProportionTest({ events: 5, trials: 83 }, { events: 12, trials: 99 })!;
    close(test.pValue, 0.159, 3);
    close(test.z, 1.408, 3);
    expect(test.difference).toBeCloseTo(12 / 99 - 5 / 83, 12);
  });

  it('z is the difference over the pooled standard error, p = 2(1 − Φ(|z|)) (140/200 against 255/340)', () => {
    // Pooled 395/540; se = √(0.73148 · 0.26852 · (1/200 + 1/340)) = 0.039494; z = 0.05 / se = 1.2660.
    const test = twoProportionTest({ events: 140, trials: 200 }, { events: 255, trials: 340 })!;
    close(test.z, 1.26601, 5);
    close(test.pValue, 0.20551, 5);
  });

  it('is symmetric: swapping the windows changes only the sign', () => {
    const a = twoProportionTest({ events: 30, trials: 400 }, { events: 52, trials: 410 })!;
    const b = twoProportionTest({ events: 52, trials: 410 }, { events: 30, trials: 400 })!;
    expect(b.z).toBeCloseTo(-a.z, 12);
    expect(b.pValue).toBeCloseTo(a.pValue, 12);
  });

  it('small counts: 0 of n against 0 of n and n of n against n of n differ by nothing (p = 1), without dividing by zero', () => {
    expect(twoProportionTest({ events: 0, trials: 50 }, { events: 0, trials: 60 })).toEqual({ difference: 0, z: 0, pValue: 1, approximationHolds: false });
    expect(twoProportionTest({ events: 50, trials: 50 }, { events: 60, trials: 60 })).toMatchObject({ z: 0, pValue: 1 });
  });

  it('has no answer for a window without trials', () => {
    expect(twoProportionTest({ events: 0, trials: 0 }, { events: 1, trials: 10 })).toBeUndefined();
    expect(twoProportionTest({ events: 1, trials: 10 }, { events: 0, trials: 0 })).toBeUndefined();
  });

  it('says when the normal approximation does not hold (fewer than 5 expected events in a window)', () => {
    expect(twoProportionTest({ events: 0, trials: 50 }, { events: 4, trials: 50 })!.approximationHolds).toBe(false);
    expect(twoProportionTest({ events: 10, trials: 100 }, { events: 20, trials: 100 })!.approximationHolds).toBe(true);
  });

  it('gives p-values in [0, 1] for every pair of counts (generated)', () => {
    const counts = fc.integer({ min: 1, max: 100_000 }).chain((n) => fc.record({ trials: fc.constant(n), events: fc.integer({ min: 0, max: n }) }));
    fc.assert(
      fc.property(counts, counts, (before, after) => {
        const test = twoProportionTest(before, after)!;
        expect(test.pValue).toBeGreaterThanOrEqual(0);
        expect(test.pValue).toBeLessThanOrEqual(1);
        expect(Number.isFinite(test.z)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the verdict in words', () => {
  const judge = (before: [number, number], after: [number, number], higherIs: 'worse' | 'better' = 'worse') =>
    verdictOf(
      twoProportionTest({ events: before[0], trials: before[1] }, { events: after[0], trials: after[1] }),
      { before: before[1], after: after[1] },
      higherIs,
    );

  it('calls a rise of rejections clearly worse and a fall clearly better when p < 0.05', () => {
    expect(judge([31, 1000], [80, 1000])).toBe('worse');
    expect(judge([80, 1000], [31, 1000])).toBe('better');
  });

  it('reads the direction from what a rise means: more saves per form opened is better', () => {
    expect(judge([300, 1000], [400, 1000], 'better')).toBe('better');
    expect(judge([400, 1000], [300, 1000], 'better')).toBe('worse');
  });

  it('calls no difference when the test does not show one (statsmodels’ example, p = 0.159)', () => {
    expect(judge([5, 83], [12, 99])).toBe('no-clear-difference');
  });

  it(`says too few when a window has fewer than ${MIN_TRIALS} attempts, whatever the rates (n < 10, n = 0, one short)`, () => {
    expect(judge([0, 9], [9, 9])).toBe('too-few');
    expect(judge([0, 0], [5, 100])).toBe('too-few');
    expect(judge([1, 100], [60, MIN_TRIALS - 1])).toBe('too-few');
    expect(judge([10, 100], [15, MIN_TRIALS])).toBe('worse');
  });

  it('calls nothing when too few events are expected for the test to hold (0 of 50 against 4 of 50)', () => {
    expect(judge([0, 50], [4, 50])).toBe('no-clear-difference');
    expect(judge([0, 500], [0, 500])).toBe('no-clear-difference');
  });
});
