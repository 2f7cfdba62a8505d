/*
 * npm run bench:lighthouse — docs/performance.md, "Lighthouse".
 *
 * Lighthouse (mobile emulation, its default simulated throttling; performance, accessibility and
 * best practices) on the signed-in pages of the production portal, in Debian's chromium through
 * puppeteer-core. One tab signs in through the identity provider's page; every page is then audited
 * in that tab with its storage kept (MSAL keeps the tokens in session storage, per tab): first with
 * the HTTP cache cleared (a first visit: the mark), then again with the cache as that run left it (a
 * return visit, printed beside it).
 *
 * Options: --no-build (reuse dist/portal), --port P (the services on P, the identity provider on
 * P+1, the sandbox on P+2; default: spare ports), --pages /a,/b (default: home, profile, account,
 * training products). With BENCH_JSON=file it also writes the figures and marks there as JSON.
 * Each report is kept in .data/bench-lighthouse/<page>-<cold|warm>.json.
 * Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_ARGS, DEMO, root, sparePort, startPortal, stopPortal } from './lib/bench-portal';
import { writeBenchJson } from './lib/bench-report';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const PAGES = option('pages')?.split(',') ?? ['/', '/profile', '/account', '/training-products'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const MARKS = { performance: 0.95, accessibility: 1, 'best-practices': 1 } as const;
const workDir = join(root, '.data', 'bench-lighthouse');

interface Run {
  scores: Record<string, number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /** Audits of the accessibility and best-practices categories that did not pass. */
  failing: string[];
}

function summarise(lhr: Result): Run {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? Number.NaN]));
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = ['accessibility', 'best-practices'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${lhr.audits[ref.id]?.title ?? ref.id}`),
  );
  if (lhr.runtimeError) failing.push(`runtime error: ${lhr.runtimeError.message}`);
  return {
    scores,
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    },
    failing,
  };
}

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/home`);
  await page.waitForSelector('input[type="email"]', { timeout: 30_000 });
  await page.type('input[type="email"]', DEMO.email);
  await page.type('input[type="password"]', DEMO.password);
  await Promise.all([page.waitForNavigation({ timeout: 30_000 }), page.click('button[type="submit"]')]);
  await page.waitForFunction((expected) => window.location.origin === expected, { timeout: 30_000 }, origin);
  await page.waitForSelector('[data-testid="active-products"] li', { timeout: 30_000 });
}

async function audit(page: Page, url: string, cold: boolean): Promise<Run> {
  const flags: Flags = { logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true };
  let result: Awaited<ReturnType<typeof lighthouse>>;
  // Lighthouse now and then loses the trace of a run in a reused tab (NO_NAVSTART): such a run is
  // taken again, up to three times in all.
  for (let attempt = 1; ; attempt++) {
    if (cold) {
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    result = await lighthouse(url, flags, undefined, page);
    if (!result?.lhr.runtimeError || attempt === 3) break;
    console.log(`  ${url}: ${result.lhr.runtimeError.code}, running again`);
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // The whole report, for a closer look (which element shifted, which request chain held the paint).
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(join(workDir, `${name}-${cold ? 'cold' : 'warm'}.json`), JSON.stringify(result.lhr));
  return summarise(result.lhr);
}

const score = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(2));
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const row = (path: string, run: string, r: Run) => [
  path,
  run,
  score(r.scores.performance!),
  score(r.scores.accessibility!),
  score(r.scores['best-practices']!),
  seconds(r.metrics.fcp),
  seconds(r.metrics.lcp),
  `${Math.round(r.metrics.tbt)} ms`,
  r.metrics.cls.toFixed(3),
];

function printTable(columns: string[], rows: string[][]) {
  const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line(columns));
  for (const r of rows) console.log(line(r));
}

async function main() {
  mkdirSync(workDir, { recursive: true });
  if (!args.includes('--no-build')) {
    console.log('Building the portal (npm run build)…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const base = option('port') ? Number(option('port')) : undefined;
  const [port, idpPort, sandboxPort] = base ? [base, base + 1, base + 2] : await Promise.all([sparePort(), sparePort(), sparePort()]);
  const origin = `http://localhost:${port}`;
  console.log(`Starting the services on ${origin} (identity provider on ${idpPort})…`);
  const portal = await startPortal({ port, idpPort, sandboxPort }, join(workDir, 'data'));
  // The identity provider's certificate is made locally on first start.
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, acceptInsecureCerts: true });
  const results: { path: string; cold: Run; warm: Run }[] = [];
  try {
    const page = await browser.newPage();
    await signIn(page, origin);
    for (const path of PAGES) {
      console.log(`Auditing ${path} (cold, then warm)…`);
      const cold = await audit(page, `${origin}${path}`, true);
      const warm = await audit(page, `${origin}${path}`, false);
      results.push({ path, cold, warm });
    }
  } finally {
    await browser.close();
    stopPortal(portal);
  }

  const columns = ['Page', 'Cache', 'Performance', 'Accessibility', 'Best practices', 'FCP', 'LCP', 'TBT', 'CLS'];
  const rows = results.flatMap(({ path, cold, warm }) => [row(path, 'cold', cold), row(path, 'warm', warm)]);
  console.log('\nLighthouse 13, mobile, simulated throttling, signed in (cold: HTTP cache cleared; warm: a return visit)');
  printTable(columns, rows);
  for (const { path, cold } of results) for (const failing of cold.failing) console.log(`  ${path}: ${failing}`);

  const marks = results.flatMap(({ path, cold }) =>
    Object.entries(MARKS).map(([category, mark]) => ({
      name: `${category} ${path} (cold)`,
      value: score(cold.scores[category]!),
      mark: `≥ ${mark.toFixed(2)}`,
      met: cold.scores[category]! >= mark,
    })),
  );
  console.log(`\nMarks met: ${marks.filter((m) => m.met).length} of ${marks.length}`);
  for (const m of marks.filter((m) => !m.met)) console.log(`  not met: ${m.name} ${m.value} (mark ${m.mark})`);
  const written = writeBenchJson({
    title: 'Lighthouse (mobile, simulated throttling, signed in)',
    measuredAt: new Date().toISOString(),
    command: 'npm run bench:lighthouse',
    tables: [{ caption: 'Scores and metrics per page, cold (HTTP cache cleared) and warm (return visit)', columns, rows }],
    marks,
  });
  if (written) console.log(`\nBENCH_JSON written to ${written}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
