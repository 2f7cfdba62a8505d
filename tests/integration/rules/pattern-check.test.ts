import { monitorEventLoopDelay } from 'node:perf_hooks';
import { patternChecker } from '../../../src/server/rules/pattern-check';

// Drafted patterns are analysed in the rules thread: the subset, then the static analyser, and
// whether some value passes a field. The request thread is never held meanwhile; an analysis past
// its deadline ends its thread and counts as not proven.

it('tells safe patterns from unsafe ones and decides whether a field can be passed, in a thread of its own', async () => {
  const check = patternChecker();
  const patterns = ['^[A-Za-z .-]*$', '[^\\s@]+@[^\\s@]+\\.[^\\s@]+', '^(a+)+$', '(?<=c(?:a|a)*)x'];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const verdicts = await check({
    patterns,
    fields: [
      { patterns: ['^$'], minLength: 1, maxLength: 32 },
      { patterns: ['^[a-z]+$'], minLength: 1 },
    ],
  });
  delay.disable();
  const ms = performance.now() - started;
  expect(Object.fromEntries([...verdicts.refusals].map(([p, r]) => [p, r?.key ?? null]))).toEqual({
    '^[A-Za-z .-]*$': null,
    '[^\\s@]+@[^\\s@]+\\.[^\\s@]+': 'Rules.Refusal.PatternNotAnchored',
    '^(a+)+$': 'Rules.Refusal.PatternNestedRepeat',
    '(?<=c(?:a|a)*)x': 'Rules.Refusal.PatternLookaround',
  });
  expect(verdicts.passable).toEqual([false, true]);
  // The event loop kept turning while the patterns were analysed elsewhere.
  expect(delay.max / 1e6).toBeLessThan(100);
  console.log(
    `a draft of ${patterns.length} patterns and 2 fields checked in ${ms.toFixed(0)} ms (thread start included); event loop delay at most ${(delay.max / 1e6).toFixed(1)} ms`,
  );
  // Verdicts are kept: the same patterns again cost no analysis.
  const again = performance.now();
  expect((await check({ patterns: ['^[A-Za-z .-]*$', '^(a+)+$'], fields: [] })).refusals.get('^(a+)+$')?.key).toBe('Rules.Refusal.PatternNestedRepeat');
  expect(performance.now() - again).toBeLessThan(50);
}, 60_000);

it('counts an analysis that passes its deadline as not proven, and ends its thread', async () => {
  const check = patternChecker({ deadlineMs: 1 });
  const verdicts = await check({ patterns: ['^[a-z]+$'], fields: [] });
  expect(verdicts.refusals.get('^[a-z]+$')?.key).toBe('Rules.Refusal.PatternNotLinear');
});
