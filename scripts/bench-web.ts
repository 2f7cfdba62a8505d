/*
 * npm run bench:web — performance.md, "First load" and "Typing in a form".
 *
 * 1. First load: gzip size of the JavaScript the browser fetched from the portal before the signed-in
 *    home page showed (chromium network events, real sign-in), next to a bare React page built by the
 *    same Vite in the same run.
 *    Then the JavaScript that opening the profile form (edit mode) adds after the home page, and what
 *    loaded after the home page showed without any navigation (deferred chunks).
 * 2. Typing: main-thread time per keystroke while typing 50 characters into the profile form's first
 *    name (CDP tracing; sum of top-level main-thread tasks from one keydown to the next), median and
 *    p95 at CPU throttling 1x and 4x, next to a bare React <input> page measured the same way.
 *
 * Options: --runs N (fresh browser per run, default 2), --no-build (reuse dist/portal),
 * --port P (default: a spare port), --throttle R (one CPU throttling rate instead of 1 and 4), --no-typing (load figures only). Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS, DEMO, root, sparePort, startPortal, stopPortal } from './lib/bench-portal';
import { type BenchReport, writeBenchJson } from './lib/bench-report';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 2);
const KEYSTROKES = 50;
const TYPE_DELAY_MS = 50;
const THROTTLES = option('throttle') ? [Number(option('throttle'))] : [1, 4];
const DEFERRED_WAIT_MS = 5000;
const workDir = join(root, '.data', 'bench-web');

const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The floor: a bare React 19 page (a heading and one controlled <input>), built by the same Vite. */
async function buildFloor(): Promise<{ dir: string; gzipBytes: number }> {
  const src = join(workDir, 'floor-src');
  const dir = join(workDir, 'floor-dist');
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(src, 'main.tsx'),
    `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  const [value, setValue] = useState('');
  return (<main><h1>Hello</h1><label htmlFor="f">First name</label><input id="f" value={value} onChange={(e) => setValue(e.target.value)} /></main>);
}
createRoot(document.getElementById('root')!).render(<App />);
`,
  );
  const output = await build({
    root: src,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: dir, emptyOutDir: true, write: true },
  });
  const results = Array.isArray(output) ? output : [output];
  let gzipBytes = 0;
  for (const result of results) {
    if (!('output' in result)) continue;
    for (const chunk of result.output) if (chunk.type === 'chunk') gzipBytes += gz(chunk.code);
  }
  return { dir, gzipBytes };
}

function serveStatic(dir: string, port: number): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = req.url && req.url !== '/' ? req.url.split('?')[0]! : '/index.html';
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

const launch = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });

async function signIn(page: Page, origin: string, path: string) {
  await page.goto(`${origin}${path}`);
  await page.waitForURL((url) => url.origin !== origin, { timeout: 30_000 });
  await page.locator('input[type="email"]').first().fill(DEMO.email);
  await page.locator('input[type="password"]').first().fill(DEMO.password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => url.origin === origin, { timeout: 30_000 });
}

/**
 * JavaScript fetched from the portal's origin until the signed-in home page shows its products; then
 * what opening the profile form from there adds (an in-app navigation, as the header's link does it,
 * up to the form in edit mode, so widgets loaded with the form count too).
 */
async function firstLoad(browser: Browser, origin: string) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || response.request().resourceType() !== 'script') return;
    const read = response
      .body()
      .then((body) => void scripts.set(url.pathname, gz(body)))
      // body unavailable after navigation; the same file is fetched again after sign-in
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  const settled = async () => {
    await page.waitForLoadState('networkidle');
    await Promise.all([...pending]);
  };
  await signIn(page, origin, '/home');
  await page.getByTestId('active-products').getByRole('listitem').first().waitFor({ timeout: 30_000 });
  await Promise.all([...pending]);
  const shown = new Map(scripts);
  // Whatever loads after the home page showed (deferred on purpose: texts and toasts follow when the
  // browser is idle about 2 s after start) is neither the first load nor the profile's.
  await page.waitForTimeout(DEFERRED_WAIT_MS);
  await settled();
  const afterHome = new Set(scripts.keys());
  await page.evaluate(() => {
    window.history.pushState({}, '', '/profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('button', { name: /^Edit/ }).first().click({ timeout: 60_000 });
  await page.getByRole('textbox', { name: /^First name/ }).first().waitFor({ timeout: 30_000 });
  await settled();
  const profile = new Map([...scripts].filter(([path]) => !afterHome.has(path)));
  const deferred = new Map([...afterHome].filter((path) => !shown.has(path)).map((path) => [path, scripts.get(path) ?? 0]));
  await context.close();
  return { shown, deferred, profile };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** Per-keystroke main-thread time from a CDP trace (microseconds in, milliseconds out). */
function keystrokeCosts(events: TraceEvent[]): number[] {
  const rendererMain = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!rendererMain) return [];
  const onMain = (e: TraceEvent) => e.pid === rendererMain.pid && e.tid === rendererMain.tid;
  const candidates = events
    .filter((e) => onMain(e) && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Only top-level tasks: a task nested in another (both event names can wrap one task) counts once.
  const tasks: TraceEvent[] = [];
  for (const task of candidates) {
    const last = tasks[tasks.length - 1];
    if (last && task.ts < last.ts + (last.dur ?? 0)) continue;
    tasks.push(task);
  }
  const keydowns = events
    .filter((e) => onMain(e) && e.name === 'EventDispatch' && e.args?.data?.type === 'keydown')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const starts = keydowns.map((k) => tasks.find((t) => t.ts <= k && k <= t.ts + (t.dur ?? 0))?.ts ?? k);
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? start + TYPE_DELAY_MS * 1000;
    return tasks.filter((t) => t.ts >= start && t.ts < end).reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000;
  });
}

async function traceTyping(page: Page, field: ReturnType<Page['locator']>, throttle: number): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await field.click();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (payload) => {
    events.push(...(payload.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel',
    transferMode: 'ReportEvents',
  });
  const text = 'Abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx'.slice(0, KEYSTROKES);
  await page.keyboard.type(text, { delay: TYPE_DELAY_MS });
  await page.waitForTimeout(200);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return keystrokeCosts(events);
}

async function typingInProfile(browser: Browser, origin: string, throttle: number) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  let costs: number[];
  try {
    await signIn(page, origin, '/profile');
    const edit = page.getByRole('button', { name: /^Edit/ }).first();
    await edit.waitFor({ timeout: 60_000 });
    await edit.click();
    const field = page.getByRole('textbox', { name: /^First name/ }).first();
    await field.waitFor({ timeout: 30_000 });
    await field.fill('');
    costs = await traceTyping(page, field, throttle);
  } catch (error) {
    await page.screenshot({ path: join(workDir, 'typing-failure.png') }).catch(() => undefined);
    console.error(`Typing run failed at ${page.url()} (screenshot in .data/bench-web/typing-failure.png)`);
    throw error;
  }
  await context.close();
  return costs;
}

async function typingInFloor(browser: Browser, floorOrigin: string, throttle: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(floorOrigin);
  const field = page.getByRole('textbox', { name: 'First name' });
  const costs = await traceTyping(page, field, throttle);
  await context.close();
  return costs;
}

async function main() {
  // BENCH_JSON (scripts/lib/bench-report.ts): the printed figures, collected as they are printed.
  const report: BenchReport = { title: 'First load and typing in the browser', measuredAt: new Date().toISOString(), command: 'npm run bench:web', tables: [], marks: [] };
  mkdirSync(workDir, { recursive: true });
  if (!args.includes('--no-build')) {
    console.log('Building the portal (npm run build)…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  console.log('Building the floor page (bare React 19, same Vite)…');
  const floor = await buildFloor();

  const [port, idpPort, sandboxPort, floorPort] = await Promise.all([
    option('port') ? Promise.resolve(Number(option('port'))) : sparePort(),
    sparePort(),
    sparePort(),
    sparePort(),
  ]);
  const origin = `http://localhost:${port}`;
  const floorOrigin = `http://127.0.0.1:${floorPort}`;
  console.log(`Starting the services on ${origin} (identity provider on ${idpPort})…`);
  const portal = await startPortal({ port, idpPort, sandboxPort }, join(workDir, 'data'));
  const floorServer = await serveStatic(floor.dir, floorPort);

  try {
    // 1. First load
    let browser = await launch();
    const { shown: scripts, deferred, profile } = await firstLoad(browser, origin);
    await browser.close();
    const total = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);
    const list = (files: Map<string, number>) => {
      for (const [path, bytes] of [...files].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(bytes).padStart(9)}  ${path}`);
    };
    const portalBytes = total(scripts);
    console.log('\nFirst load: JavaScript (gzip -9) fetched before the signed-in home page showed');
    list(scripts);
    console.log(`  portal ${kb(portalBytes)}  |  floor (bare React page) ${kb(floor.gzipBytes)}  |  ratio ${(portalBytes / floor.gzipBytes).toFixed(2)}x`);
    console.log('\nLoaded after the home page showed (deferred), before any navigation');
    list(deferred);
    console.log(`  deferred ${kb(total(deferred))}`);
    console.log('\nProfile route: JavaScript (gzip -9) that opening the profile form in edit mode adds after home');
    list(profile);
    console.log(`  profile route ${kb(total(profile))}  (${(total(profile) / floor.gzipBytes).toFixed(2)}x the floor page)`);
    report.tables.push({
      caption: 'JavaScript (gzip -9): before the signed-in home page showed, loaded after it without navigation, and added by opening the profile form in edit mode; the floor is a bare React page built by the same Vite',
      columns: ['What', 'KB gzip', 'vs floor'],
      rows: [
        ['first load (portal)', (portalBytes / 1024).toFixed(1), `${(portalBytes / floor.gzipBytes).toFixed(2)}×`],
        ['floor (bare React page)', (floor.gzipBytes / 1024).toFixed(1), '1.00×'],
        ['deferred after home', (total(deferred) / 1024).toFixed(1), ''],
        ['profile route (edit mode)', (total(profile) / 1024).toFixed(1), `${(total(profile) / floor.gzipBytes).toFixed(2)}×`],
      ],
    });

    // 2. Typing
    if (args.includes('--no-typing')) return writeWebReport(report);
    const typing: BenchReport['tables'][number] = {
      caption: `Main-thread time per keystroke typing ${KEYSTROKES} characters into the profile form's first name, ${RUNS} run(s) per throttle, fresh browser per run`,
      columns: ['CPU throttling', 'Profile median ms', 'Profile p95 ms', 'Floor <input> median ms', 'Ratio'],
      rows: [],
    };
    report.tables.push(typing);
    console.log(`\nTyping ${KEYSTROKES} characters (${TYPE_DELAY_MS} ms apart): main-thread time per keystroke, ${RUNS} run(s) each, fresh browser per run`);
    for (const throttle of THROTTLES) {
      const portalCosts: number[] = [];
      const floorCosts: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        browser = await launch();
        floorCosts.push(...(await typingInFloor(browser, floorOrigin, throttle)));
        await browser.close();
        browser = await launch();
        portalCosts.push(...(await typingInProfile(browser, origin, throttle)));
        await browser.close();
      }
      const fMed = quantile(floorCosts, 0.5);
      const pMed = quantile(portalCosts, 0.5);
      console.log(
        `  CPU ${throttle}x: profile first name median ${ms(pMed)} p95 ${ms(quantile(portalCosts, 0.95))} (n=${portalCosts.length})` +
          `  |  floor <input> median ${ms(fMed)} p95 ${ms(quantile(floorCosts, 0.95))} (n=${floorCosts.length})` +
          `  |  ratio ${(pMed / fMed).toFixed(2)}x`,
      );
      typing.rows.push([`${throttle}x`, pMed.toFixed(1), quantile(portalCosts, 0.95).toFixed(1), fMed.toFixed(1), `${(pMed / fMed).toFixed(2)}×`]);
      report.marks.push({ name: `Typing in the profile form at CPU ${throttle}x, median against the bare <input>`, value: `${(pMed / fMed).toFixed(3)}× (${ms(pMed)} vs ${ms(fMed)})`, mark: '≤ 1.4× the floor', met: pMed / fMed <= 1.4 });
    }
    writeWebReport(report);
  } finally {
    floorServer.close();
    stopPortal(portal);
  }
}

function writeWebReport(report: BenchReport) {
  const written = writeBenchJson(report);
  if (written) console.log(`\nBENCH_JSON written to ${written}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
