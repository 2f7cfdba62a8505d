import fc from 'fast-check';
import { linearPattern } from '../../../src/server/http/linear-regexp';
import { analyse } from '../../../src/server/rules/pattern-analysis';
import { outsideSubset } from '../../../src/server/rules/pattern-subset';
import { CATASTROPHIC } from './catastrophic-patterns';
import { subsetPattern } from './subset-patterns';

// What a drafted pattern may say (src/server/rules/pattern-subset.ts): every known catastrophic shape
// is refused with the key that says why; the patterns field rules need are accepted; and whatever the
// subset accepts, the analyser finds no exponential attack on and RE2 runs with the browser's meaning.

describe('the pattern subset', () => {
  it.each(CATASTROPHIC)('refuses %s (%s)', (pattern, key) => {
    expect(outsideSubset(pattern)?.key).toBe(key);
  });

  it('names the part it refuses', () => {
    expect(outsideSubset('^(a+)+$')).toEqual({ key: 'Rules.Refusal.PatternNestedRepeat', params: { part: '(a+)+' } });
    expect(outsideSubset('^[0-9]+[0-9]*x$')?.params).toEqual({ part: '[0-9]+[0-9]*' });
  });

  it.each([
    "^[A-Za-z .'-]*$",
    '^[A-Z]{2}[0-9]{6}$',
    '^[0-9]{5}(?:-[0-9]{4})?$',
    '^(?:|[0-9]{5})$',
    '^[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]$',
    '^\\+?[0-9]{1,3}$',
    '^[^\\s@]+@[^\\s@]+$',
    '^\\p{L}+$',
    '^(?:ab|cd)+$',
    '^[a-z]+-[0-9]+$',
    '^a|^b$',
    '^$',
  ])('accepts %s', (pattern) => {
    expect(outsideSubset(pattern)).toBeUndefined();
  });

  it('refuses what is not a pattern', () => {
    expect(outsideSubset('^([a-z]$')?.key).toBe('Rules.Refusal.PatternInvalid');
  });

  it('whatever it accepts has no exponential attack, and RE2 runs it with the browser meaning', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        subsetPattern().chain((pattern) =>
          fc.tuple(fc.constant(pattern), fc.array(fc.stringMatching(new RegExp(pattern, 'u'), { size: 'small' }), { maxLength: 4 })),
        ),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'A', '0', '-', ' ', '@', '.', 'é', '\n') }), { maxLength: 6 }),
        ([pattern, matching], others) => {
          if (outsideSubset(pattern)) return;
          accepted++;
          const verdict = analyse(pattern, 5_000);
          expect(verdict.complexity ?? '', pattern).not.toBe('exponential');
          const re2 = linearPattern(pattern);
          expect(re2, pattern).toBeDefined();
          const native = new RegExp(pattern, 'u');
          for (const value of [...matching, ...others, ...matching.map((m) => `${m}!`), ...matching.map((m) => m.slice(1))])
            expect(re2!.test(value), `${pattern} on ${JSON.stringify(value)}`).toBe(native.test(value));
        },
      ),
      { numRuns: 150, seed: 20261128 },
    );
    expect(accepted).toBeGreaterThan(50);
  }, 120_000);
});
