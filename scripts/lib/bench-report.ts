import { writeFileSync } from 'node:fs';

// The one shape every benchmark script writes when BENCH_JSON names a file (besides what it
// prints), and the Markdown document `npm run bench` composes from them (docs/performance.md).

export interface BenchTable {
  caption: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}

/** A goal from docs/performance.md's marks (or docs/behaviour.md#constants): the measured value, the target, met or not. */
export interface BenchMark {
  name: string;
  value: string;
  mark: string;
  met: boolean;
}

export interface BenchReport {
  title: string;
  /** ISO-8601. */
  measuredAt: string;
  /** `npm run bench:xxx` */
  command: string;
  tables: BenchTable[];
  marks: BenchMark[];
}

/** Writes the report where BENCH_JSON says, if it says; returns the path written, if any. */
export function writeBenchJson(report: BenchReport, target = process.env.BENCH_JSON): string | undefined {
  if (!target) return undefined;
  writeFileSync(target, `${JSON.stringify(report, null, 2)}\n`);
  return target;
}

/** Whether a parsed value has the report's shape (a script that crashed half-way may leave anything). */
export function isBenchReport(value: unknown): value is BenchReport {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  const isTable = (t: unknown) => {
    const table = t as Partial<BenchTable> | null;
    return !!table && typeof table.caption === 'string' && Array.isArray(table.columns) && Array.isArray(table.rows) && table.rows.every(Array.isArray);
  };
  const isMark = (m: unknown) => {
    const mark = m as Partial<BenchMark> | null;
    return !!mark && typeof mark.name === 'string' && typeof mark.value === 'string' && typeof mark.mark === 'string' && typeof mark.met === 'boolean';
  };
  return (
    typeof r.title === 'string' &&
    typeof r.measuredAt === 'string' &&
    typeof r.command === 'string' &&
    Array.isArray(r.tables) &&
    r.tables.every(isTable) &&
    Array.isArray(r.marks) &&
    r.marks.every(isMark)
  );
}

/** One benchmark's place in the document: its report, or why there is none. */
export type BenchSection = { command: string; report: BenchReport } | { command: string; skipped: string };

export interface PerformanceDocument {
  /** ISO-8601: when `npm run bench` ran. */
  generatedAt: string;
  machine: { cores: number; cpuModel?: string; node: string; chromium?: string; loadAverage?: number[] };
  sections: BenchSection[];
  /** Paragraphs placed under the title (how the figures were taken, what was not run). */
  notes?: string[];
  /** Every mark of every earlier run and this one (docs/performance-history.json), shown by mark and date. */
  history?: HistoryRow[];
}

/** One mark as one run of `npm run bench` measured it: a row of docs/performance-history.json. */
export interface HistoryRow {
  /** ISO-8601 date of the run (YYYY-MM-DD). */
  date: string;
  bench: string;
  mark: string;
  value: string;
  target: string;
  met: boolean;
}

/** The rows this run adds to the history: one per mark, dated. */
export function historyRows(generatedAt: string, sections: BenchSection[]): HistoryRow[] {
  const date = generatedAt.slice(0, 10);
  return sections.flatMap((section) =>
    'report' in section
      ? section.report.marks.map((m) => ({ date, bench: section.report.command, mark: m.name, value: m.value, target: m.mark, met: m.met }))
      : [],
  );
}

/**
 * The marks of a document written before the history was kept (its "Every mark" table and date),
 * so the history starts with the last recorded run rather than empty.
 */
export function marksOfDocument(markdown: string): HistoryRow[] {
  const date = /^Measured (\d{4}-\d{2}-\d{2})T/m.exec(markdown)?.[1];
  const table = markdown.split('\n## Every mark\n')[1];
  if (!date || !table) return [];
  const unescape = (value: string) => value.replace(/\\\|/g, '|').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return table
    .split('\n')
    .filter((line) => line.startsWith('| npm run '))
    .map((line) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map(unescape),
    )
    .filter((cells) => cells.length === 5)
    .map(([bench, mark, value, target, met]) => ({ date, bench: bench!, mark: mark!, value: value!, target: target!, met: met === 'yes' }));
}

/** A regression shows as a step: each mark's runs on consecutive rows, oldest first. */
function historySection(rows: HistoryRow[]): string[] {
  const byMark = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const key = `${row.bench}\u0000${row.mark}`;
    byMark.set(key, [...(byMark.get(key) ?? []), row]);
  }
  const ordered = [...byMark.values()].flatMap((runs) => [...runs].sort((a, b) => a.date.localeCompare(b.date)));
  return [
    '',
    '## History',
    '',
    "Every run of `npm run bench` adds one dated row per mark to docs/performance-history.json; here each mark's runs follow one another, oldest first.",
    '',
    markdownTable(
      ['Benchmark', 'Mark', 'Date', 'Value', 'Target', 'Met'],
      ordered.map((r) => [r.bench, r.mark, r.date, r.value, r.target, yesNo(r.met)]),
    ),
  ];
}

/** Text as Markdown shows it literally: `<input>` would otherwise be read as an HTML tag. */
const text = (value: string | number): string => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A table cell: pipes and line breaks would break the Markdown table. */
const cell = (value: string | number): string => text(value).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function markdownTable(columns: string[], rows: Array<Array<string | number>>): string {
  const width = columns.length;
  const line = (cells: Array<string | number>) => `| ${Array.from({ length: width }, (_, i) => cell(cells[i] ?? '')).join(' | ')} |`;
  return [line(columns), `|${' --- |'.repeat(width)}`, ...rows.map(line)].join('\n');
}

const yesNo = (met: boolean) => (met ? 'yes' : 'no');

/** The whole docs/performance.md: title, date, machine, one section per benchmark, every mark. */
export function composePerformanceMarkdown(doc: PerformanceDocument): string {
  const out: string[] = ['# Performance figures', ''];
  out.push(`Measured ${doc.generatedAt} by \`npm run bench\`, which runs every benchmark one after another and writes this file.`);
  const { machine } = doc;
  const parts = [
    `${machine.cores} cores${machine.cpuModel ? ` (${machine.cpuModel})` : ''}`,
    `Node.js ${machine.node}`,
    `Chromium ${machine.chromium ?? 'not found'}`,
    ...(machine.loadAverage ? [`load average at the start ${machine.loadAverage.map((l) => l.toFixed(2)).join(' / ')}`] : []),
  ];
  out.push('', `Machine: ${parts.join('; ')}.`);
  for (const note of doc.notes ?? []) out.push('', note);

  const marks: Array<BenchMark & { bench: string }> = [];
  for (const section of doc.sections) {
    if ('skipped' in section) {
      out.push('', `## \`${section.command}\``, '', `Not run: ${section.skipped}`);
      continue;
    }
    const { report } = section;
    out.push('', `## ${text(report.title)}`, '', `\`${report.command}\`, measured ${report.measuredAt}.`);
    for (const table of report.tables) out.push('', `${text(table.caption)}:`, '', markdownTable(table.columns, table.rows));
    if (report.marks.length) {
      out.push(
        '',
        'Marks:',
        '',
        markdownTable(
          ['Mark', 'Value', 'Target', 'Met'],
          report.marks.map((m) => [m.name, m.value, m.mark, yesNo(m.met)]),
        ),
      );
    }
    marks.push(...report.marks.map((m) => ({ ...m, bench: report.command })));
  }

  out.push('', '## Every mark', '');
  if (marks.length === 0) out.push('No benchmark reported a mark.');
  else {
    const met = marks.filter((m) => m.met).length;
    out.push(
      `${met} of ${marks.length} met.`,
      '',
      markdownTable(
        ['Benchmark', 'Mark', 'Value', 'Target', 'Met'],
        marks.map((m) => [m.bench, m.name, m.value, m.mark, yesNo(m.met)]),
      ),
    );
  }
  const skipped = doc.sections.filter((s): s is Extract<BenchSection, { skipped: string }> => 'skipped' in s);
  if (skipped.length) out.push('', `Not run: ${skipped.map((s) => `\`${s.command}\``).join(', ')} (reasons in their sections).`);
  if (doc.history?.length) out.push(...historySection(doc.history));
  return `${out.join('\n')}\n`;
}
