// npm run bench: every benchmark one after another (bench:forms, bench:api, bench:rules-impact, bench:activity-effect,
// bench:web, bench:lighthouse), each with BENCH_JSON naming a file of its own, then docs/performance.md composed
// from what they wrote (scripts/lib/bench-report.ts): date, machine, one section per benchmark with
// its tables and marks, and every mark in one table. A benchmark missing from package.json, failing
// or writing nothing gets a line saying so instead of its section.
//
// Options: --only bench:api,bench:forms (run these, name the others as not run), --out FILE
// (default docs/performance.md). The browser benchmarks open chromium: run this alone on the machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { type BenchSection, composePerformanceMarkdown, type HistoryRow, historyRows, isBenchReport, marksOfDocument } from './lib/bench-report';
import { rootDir } from './lib/paths';

const BENCHMARKS = ['bench:forms', 'bench:api', 'bench:rules-impact', 'bench:activity-effect', 'bench:web', 'bench:lighthouse'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('only')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const out = join(rootDir, option('out') ?? 'docs/performance.md');

function chromiumVersion(): string | undefined {
  if (!existsSync(CHROMIUM)) return undefined;
  const result = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return result.status === 0 ? result.stdout.trim().replace(/^Chromium\s+/, '') : undefined;
}

const scripts = (JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
const machine = { cores: cpus().length, cpuModel: cpus()[0]?.model.trim(), node: process.version, chromium: chromiumVersion(), loadAverage: loadavg() };
const generatedAt = new Date().toISOString();
const work = mkdtempSync(join(tmpdir(), 'bench-json-'));
const sections: BenchSection[] = [];

try {
  for (const name of BENCHMARKS) {
    const command = `npm run ${name}`;
    if (only && !only.includes(name)) {
      sections.push({ command, skipped: `left out of this run (\`npm run bench -- --only ${only.join(',')}\`).` });
      continue;
    }
    if (!scripts[name]) {
      console.log(`\n${name}: skipped, package.json has no such script`);
      sections.push({ command, skipped: 'package.json had no such script when `npm run bench` ran.' });
      continue;
    }
    const file = join(work, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
    console.log(`\n=== ${command} ===`);
    const started = performance.now();
    const run = spawnSync('npm', ['run', name, '--silent'], { cwd: rootDir, stdio: 'inherit', env: { ...process.env, BENCH_JSON: file } });
    const seconds = Math.round((performance.now() - started) / 1000);
    let report: unknown;
    try {
      report = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      report = undefined;
    }
    // A benchmark that missed a mark ends with exit code 1 after writing its figures: they are kept,
    // the missed marks showing as not met. One that stopped before writing them is not run.
    if (run.status !== 0 && !(run.status === 1 && isBenchReport(report) && report.marks.some((m) => !m.met))) {
      sections.push({
        command,
        skipped: `it stopped with ${run.signal ? `signal ${run.signal}` : `exit code ${run.status}`} after ${seconds} s (its output went to the console).`,
      });
      continue;
    }
    if (isBenchReport(report)) sections.push({ command, report });
    else sections.push({ command, skipped: `it finished in ${seconds} s but wrote no report to BENCH_JSON.` });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// The history: every earlier run's marks (or, the first time, the marks of the document this run
// replaces) and this run's.
const historyFile = join(dirname(out), 'performance-history.json');
const earlier: HistoryRow[] = existsSync(historyFile)
  ? (JSON.parse(readFileSync(historyFile, 'utf8')) as HistoryRow[])
  : existsSync(out)
    ? marksOfDocument(readFileSync(out, 'utf8'))
    : [];
const history = [...earlier, ...historyRows(generatedAt, sections)];

const markdown = composePerformanceMarkdown({
  generatedAt,
  machine,
  sections,
  history,
  notes: [
    'The machine is shared and noisy: absolute figures move by a quarter to a third between runs, so each benchmark measures a floor (a bare page, /api/health, PostgreSQL, runtime Ajv) in the same run and its marks are ratios against it where the mark is one. The marks and how each figure is taken are described in docs/performance.md.',
  ],
});
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, markdown);
writeFileSync(historyFile, `${JSON.stringify(history, null, 2)}\n`);
const marks = sections.flatMap((s) => ('report' in s ? s.report.marks : []));
console.log(
  `\n${relative(rootDir, out)} written: ${sections.filter((s) => 'report' in s).length} of ${sections.length} benchmarks, ${marks.filter((m) => m.met).length} of ${marks.length} marks met.`,
);
