import { patternChecker } from '../../../src/server/rules/pattern-check';

// Drafted patterns are timed in the rules thread, as npm run check:schemas times the files' patterns:
// a linear one passes, a quadratic one is caught by its timing, a catastrophic one by the deadline
// (its thread is ended), and the request thread is never held meanwhile.

it('tells linear patterns from slow and catastrophic ones, in a thread of their own', async () => {
  const check = patternChecker({ length: 20_000, budgetMs: 150, deadlineMs: 3_000 });
  const patterns = ['^[A-Za-z .-]*$', '[^\\s@]+@[^\\s@]+\\.[^\\s@]+', '^(a+)+$'];
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  const started = performance.now();
  const verdicts = await check(patterns);
  clearInterval(timer);
  expect(Object.fromEntries(verdicts)).toEqual({ '^[A-Za-z .-]*$': true, '[^\\s@]+@[^\\s@]+\\.[^\\s@]+': false, '^(a+)+$': false });
  // The event loop kept turning while the patterns ran elsewhere.
  expect(ticks).toBeGreaterThan((performance.now() - started) / 10 / 4);
  // Answers are kept: the same patterns again cost nothing.
  const again = performance.now();
  expect((await check(['^[A-Za-z .-]*$', '^(a+)+$'])).get('^(a+)+$')).toBe(false);
  expect(performance.now() - again).toBeLessThan(50);
}, 60_000);
