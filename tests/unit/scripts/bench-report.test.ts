import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchReport,
  composePerformanceMarkdown,
  historyRows,
  isBenchReport,
  markdownTable,
  marksOfDocument,
  writeBenchJson,
} from '../../../scripts/lib/bench-report';

// docs/performance.md is composed from the BENCH_JSON reports of every benchmark (npm run bench).

const api: BenchReport = {
  title: 'Services under load',
  measuredAt: '2026-11-24T17:00:00.000Z',
  command: 'npm run bench:api',
  tables: [
    {
      caption: 'autocannon, 5 s per route',
      columns: ['Store', 'Route', 'req/s', 'p99 ms'],
      rows: [
        ['pglite', 'PATCH profile', 812, 240],
        ['postgres', 'PATCH profile', 1500, 120],
      ],
    },
  ],
  marks: [
    { name: 'PATCH p99 against PostgreSQL', value: '240 ms vs 120 ms (2.00×)', mark: '≤ 3× PostgreSQL', met: true },
    { name: 'Reads against PostgreSQL', value: '812 vs 2000 req/s', mark: 'PostgreSQL ≤ 2× PGlite', met: false },
  ],
};
const forms: BenchReport = {
  title: 'Form validation',
  measuredAt: '2026-11-24T16:50:00.000Z',
  command: 'npm run bench:forms',
  tables: [{ caption: 'µs per call', columns: ['form', 'valid pre µs'], rows: [['a|b', '7.5']] }],
  marks: [{ name: 'Profile valid', value: '7.5 µs', mark: '≤ 10 µs', met: true }],
};

const doc = (sections: Parameters<typeof composePerformanceMarkdown>[0]['sections']) =>
  composePerformanceMarkdown({
    generatedAt: '2026-11-24T18:00:00.000Z',
    machine: { cores: 2, cpuModel: 'Test CPU', node: 'v24.21.0', chromium: '142.0.1', loadAverage: [1.5, 2, 2.25] },
    sections,
    notes: ['Figures are noisy.'],
  });

describe('docs/performance.md composition', () => {
  it('writes the date, the machine and the notes first', () => {
    const md = doc([]);
    expect(md.startsWith('# Performance figures\n')).toBe(true);
    expect(md).toContain('Measured 2026-11-24T18:00:00.000Z by `npm run bench`');
    expect(md).toContain('Machine: 2 cores (Test CPU); Node.js v24.21.0; Chromium 142.0.1; load average at the start 1.50 / 2.00 / 2.25.');
    expect(md).toContain('\nFigures are noisy.\n');
    expect(md).toContain('No benchmark reported a mark.');
  });

  it('gives each benchmark a section with its tables and marks, in the order run', () => {
    const md = doc([
      { command: 'npm run bench:forms', report: forms },
      { command: 'npm run bench:api', report: api },
    ]);
    expect(md.indexOf('## Form validation')).toBeGreaterThan(0);
    expect(md.indexOf('## Services under load')).toBeGreaterThan(md.indexOf('## Form validation'));
    expect(md).toContain('`npm run bench:api`, measured 2026-11-24T17:00:00.000Z.');
    expect(md).toContain(
      [
        'autocannon, 5 s per route:',
        '',
        '| Store | Route | req/s | p99 ms |',
        '| --- | --- | --- | --- |',
        '| pglite | PATCH profile | 812 | 240 |',
        '| postgres | PATCH profile | 1500 | 120 |',
      ].join('\n'),
    );
    // A pipe inside a cell is escaped, so the table keeps its columns.
    expect(md).toContain('| a\\|b | 7.5 |');
    expect(md).toContain('| PATCH p99 against PostgreSQL | 240 ms vs 120 ms (2.00×) | ≤ 3× PostgreSQL | yes |');
  });

  it('ends with every mark of every benchmark, counting those met', () => {
    const md = doc([
      { command: 'npm run bench:forms', report: forms },
      { command: 'npm run bench:api', report: api },
    ]);
    const summary = md.slice(md.indexOf('## Every mark'));
    expect(summary).toContain('2 of 3 met.');
    expect(summary).toContain('| Benchmark | Mark | Value | Target | Met |');
    expect(summary).toContain('| npm run bench:forms | Profile valid | 7.5 µs | ≤ 10 µs | yes |');
    expect(summary).toContain('| npm run bench:api | Reads against PostgreSQL | 812 vs 2000 req/s | PostgreSQL ≤ 2× PGlite | no |');
  });

  it('says which benchmarks were not run and why', () => {
    const md = doc([
      { command: 'npm run bench:api', report: api },
      { command: 'npm run bench:lighthouse', skipped: 'package.json had no such script when `npm run bench` ran.' },
    ]);
    expect(md).toContain('## `npm run bench:lighthouse`\n\nNot run: package.json had no such script when `npm run bench` ran.');
    expect(md).toContain('Not run: `npm run bench:lighthouse` (reasons in their sections).');
    expect(md).toContain('1 of 2 met.');
  });

  it('shows angle brackets literally instead of as HTML tags', () => {
    const web: BenchReport = {
      ...forms,
      title: 'Typing <fast>',
      tables: [{ caption: 'Floor <input> page', columns: ['Floor <input> median ms'], rows: [['1 < 2 & 3']] }],
      marks: [{ name: 'Against the bare <input>', value: '1.2×', mark: '≤ 1.4×', met: true }],
    };
    const md = doc([{ command: 'npm run bench:web', report: web }]);
    expect(md).toContain('## Typing &lt;fast&gt;');
    expect(md).toContain('Floor &lt;input&gt; page:');
    expect(md).toContain('| Floor &lt;input&gt; median ms |');
    expect(md).toContain('| 1 &lt; 2 &amp; 3 |');
    expect(md).toContain('| Against the bare &lt;input&gt; |');
    expect(md).not.toContain('<input>');
  });

  it('pads short rows to the table width', () => {
    expect(markdownTable(['a', 'b', 'c'], [['1']])).toBe('| a | b | c |\n| --- | --- | --- |\n| 1 |  |  |');
  });
});

describe('BENCH_JSON', () => {
  it('writes the report where BENCH_JSON names, and nothing without it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-json-test-'));
    try {
      const file = join(dir, 'out.json');
      expect(writeBenchJson(api, file)).toBe(file);
      const back: unknown = JSON.parse(readFileSync(file, 'utf8'));
      expect(back).toEqual(api);
      expect(isBenchReport(back)).toBe(true);
      expect(writeBenchJson(api, '')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('recognises only the report shape', () => {
    expect(isBenchReport(forms)).toBe(true);
    expect(isBenchReport({ ...forms, marks: [{ name: 'x', value: '1', mark: '2', met: 'yes' }] })).toBe(false);
    expect(isBenchReport({ ...forms, tables: [{ caption: 'x', columns: [], rows: ['not a row'] }] })).toBe(false);
    expect(isBenchReport({ title: 'x' })).toBe(false);
    expect(isBenchReport(null)).toBe(false);
  });
});

describe('the marks history (docs/performance-history.json, shown in docs/performance.md)', () => {
  it("adds one dated row per mark of this run and shows each mark's runs together, oldest first", () => {
    const before = historyRows('2026-11-20T10:00:00.000Z', [
      { command: 'npm run bench:forms', report: { ...forms, marks: [{ name: 'Profile valid', value: '6.0 µs', mark: '≤ 10 µs', met: true }] } },
    ]);
    const now = historyRows('2026-11-24T18:00:00.000Z', [
      { command: 'npm run bench:api', report: api },
      { command: 'npm run bench:forms', report: forms },
      { command: 'npm run bench:web', skipped: 'not run' },
    ]);
    expect(now).toHaveLength(3);
    expect(now[0]).toEqual({
      date: '2026-11-24',
      bench: 'npm run bench:api',
      mark: 'PATCH p99 against PostgreSQL',
      value: '240 ms vs 120 ms (2.00×)',
      target: '≤ 3× PostgreSQL',
      met: true,
    });
    const md = composePerformanceMarkdown({
      generatedAt: '2026-11-24T18:00:00.000Z',
      machine: { cores: 2, node: 'v24' },
      sections: [],
      history: [...before, ...now],
    });
    const history = md.split('\n## History\n')[1] ?? '';
    const rows = history.split('\n').filter((line) => line.startsWith('| npm run'));
    expect(rows).toHaveLength(4);
    // The two runs of the profile mark follow one another: the step from 6.0 to 7.5 µs is visible.
    const profile = rows.filter((line) => line.includes('Profile valid'));
    expect(profile).toEqual([
      '| npm run bench:forms | Profile valid | 2026-11-20 | 6.0 µs | ≤ 10 µs | yes |',
      '| npm run bench:forms | Profile valid | 2026-11-24 | 7.5 µs | ≤ 10 µs | yes |',
    ]);
    expect(rows.indexOf(profile[1]!)).toBe(rows.indexOf(profile[0]!) + 1);
  });

  it('starts from the marks of a document written before the history was kept', () => {
    const md = doc([
      { command: 'npm run bench:api', report: api },
      { command: 'npm run bench:forms', report: forms },
    ]);
    const rows = marksOfDocument(md.replace('2026-11-24T18', '2026-11-23T18'));
    expect(rows.map((r) => [r.date, r.bench, r.mark, r.met])).toEqual([
      ['2026-11-23', 'npm run bench:api', 'PATCH p99 against PostgreSQL', true],
      ['2026-11-23', 'npm run bench:api', 'Reads against PostgreSQL', false],
      ['2026-11-23', 'npm run bench:forms', 'Profile valid', true],
    ]);
    expect(marksOfDocument('# Performance figures\n\nno marks here\n')).toEqual([]);
  });
});
