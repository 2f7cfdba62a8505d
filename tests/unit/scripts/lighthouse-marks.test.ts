import { lighthouseMarks, score } from '../../../scripts/lib/lighthouse-marks';

// The marks of npm run bench:lighthouse (docs/performance.md, "Lighthouse"): per page, performance cold
// within 0.03 of the bare React page's in the same run, Total Blocking Time cold at most 150 ms where
// the bare page's own was at most 50 ms, accessibility and best practices 1.00, performance warm 1.00.

const perfect = { performance: 1, accessibility: 1, 'best-practices': 1 };
const audit = (scores: Record<string, number>, tbt = 20) => ({ scores, tbt });
const floor = (performance: number, tbt = 30) => audit({ performance, accessibility: 1, 'best-practices': 1 }, tbt);

describe('Lighthouse marks', () => {
  it('gives each page five marks, the cold performance and blocking time against the bare page with its figures', () => {
    const marks = lighthouseMarks(floor(0.98, 30), [
      { path: '/profile', cold: audit({ performance: 0.95, accessibility: 1, 'best-practices': 1 }, 150), warm: audit(perfect) },
    ]);
    expect(marks).toEqual([
      { name: 'performance /profile (cold)', value: '0.95', mark: "≥ 0.95 (the bare React page's 0.98, cold, same run, less 0.03)", met: true },
      { name: 'total blocking time /profile (cold)', value: '150 ms', mark: "≤ 150 ms (the bare page's 30 ms)", met: true },
      { name: 'accessibility /profile (cold)', value: '1.00', mark: '≥ 1.00', met: true },
      { name: 'best-practices /profile (cold)', value: '1.00', mark: '≥ 1.00', met: true },
      { name: 'performance /profile (warm)', value: '1.00', mark: '≥ 1.00', met: true },
    ]);
  });

  it('misses each mark a page falls short of, one page apart from another', () => {
    const marks = lighthouseMarks(floor(0.99, 50), [
      { path: '/', cold: audit({ performance: 0.95, accessibility: 0.98, 'best-practices': 1 }, 151), warm: audit({ performance: 0.99 }) },
      { path: '/account', cold: audit({ performance: 1, accessibility: 1, 'best-practices': 0.96 }), warm: audit(perfect) },
    ]);
    const missed = marks.filter((m) => !m.met).map((m) => `${m.name} ${m.value}`);
    expect(missed).toEqual([
      'performance / (cold) 0.95',
      'total blocking time / (cold) 151 ms',
      'accessibility / (cold) 0.98',
      'performance / (warm) 0.99',
      'best-practices /account (cold) 0.96',
    ]);
  });

  it('does not judge blocking time in a run whose bare page blocked for more than 50 ms, and says so', () => {
    const [, tbt] = lighthouseMarks(floor(1, 51), [{ path: '/', cold: audit(perfect, 700), warm: audit(perfect) }]);
    expect(tbt).toEqual({
      name: 'total blocking time / (cold)',
      value: '700 ms',
      mark: "≤ 150 ms, not judged: the bare page's own was 51 ms (judged at ≤ 50 ms)",
      met: true,
    });
  });

  it('meets nothing without a figure: a page or a floor Lighthouse gave none', () => {
    const noFloor = lighthouseMarks(audit({ performance: Number.NaN }), [{ path: '/', cold: audit(perfect), warm: audit(perfect) }]);
    expect(noFloor[0]).toMatchObject({ value: '1.00', met: false });
    const noPage = lighthouseMarks(floor(0.5), [{ path: '/', cold: audit({ performance: Number.NaN }, Number.NaN), warm: audit({}) }]);
    expect(noPage.map((m) => [m.value, m.met])).toEqual([
      ['-', false],
      ['-', false],
      ['-', false],
      ['-', false],
      ['-', false],
    ]);
  });

  it('prints scores with two decimals', () => {
    expect(score(0.9)).toBe('0.90');
    expect(score(undefined)).toBe('-');
  });
});
