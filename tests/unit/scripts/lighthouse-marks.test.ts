import { lighthouseMarks, score } from '../../../scripts/lib/lighthouse-marks';

// The marks of npm run bench:lighthouse (docs/testing.md, "Lighthouse"): per page, performance cold at
// least the bare React page's in the same run, accessibility and best practices 1.00, performance
// warm 1.00.

const perfect = { performance: 1, accessibility: 1, 'best-practices': 1 };

describe('Lighthouse marks', () => {
  it('gives each page four marks, the cold performance against the bare page with its figure', () => {
    const marks = lighthouseMarks({ performance: 0.98, accessibility: 1, 'best-practices': 1 }, [
      { path: '/profile', cold: { performance: 0.98, accessibility: 1, 'best-practices': 1 }, warm: perfect },
    ]);
    expect(marks).toEqual([
      { name: 'performance /profile (cold)', value: '0.98', mark: '≥ 0.98 (the bare React page, cold, same run)', met: true },
      { name: 'accessibility /profile (cold)', value: '1.00', mark: '≥ 1.00', met: true },
      { name: 'best-practices /profile (cold)', value: '1.00', mark: '≥ 1.00', met: true },
      { name: 'performance /profile (warm)', value: '1.00', mark: '≥ 1.00', met: true },
    ]);
  });

  it('misses each mark a page falls short of, one page apart from another', () => {
    const marks = lighthouseMarks({ performance: 0.99 }, [
      { path: '/', cold: { performance: 0.97, accessibility: 0.98, 'best-practices': 1 }, warm: { performance: 0.99 } },
      { path: '/account', cold: { performance: 1, accessibility: 1, 'best-practices': 0.96 }, warm: perfect },
    ]);
    const missed = marks.filter((m) => !m.met).map((m) => `${m.name} ${m.value}`);
    expect(missed).toEqual(['performance / (cold) 0.97', 'accessibility / (cold) 0.98', 'performance / (warm) 0.99', 'best-practices /account (cold) 0.96']);
  });

  it('meets nothing without a score: a page or a floor Lighthouse gave none', () => {
    const noFloor = lighthouseMarks({ performance: Number.NaN }, [{ path: '/', cold: perfect, warm: perfect }]);
    expect(noFloor[0]).toMatchObject({ value: '1.00', mark: '≥ - (the bare React page, cold, same run)', met: false });
    const noPage = lighthouseMarks({ performance: 0.5 }, [{ path: '/', cold: { performance: Number.NaN }, warm: {} }]);
    expect(noPage.map((m) => [m.value, m.met])).toEqual([
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
