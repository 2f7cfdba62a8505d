/*
 * npm run bench:lighthouse — docs/performance.md, "Lighthouse".
 *
 * Lighthouse (mobile emulation, its default simulated throttling; performance, accessibility and
 * best practices) on the signed-in pages of the production portal, in Debian's chromium through
 * puppeteer-core, next to the floor: the bare React page bench:web weighs (scripts/lib/bench-floor.ts),
 * built by the same Vite and served as the services serve the portal, audited in the same run. One
 * tab signs in through the identity provider's page; every page is then audited in that tab with its
 * storage kept (MSAL keeps the tokens in session storage, per tab): first with the HTTP cache cleared
 * (a first visit), then again with the cache as that run left it (a return visit). After each audit
 * the page must show its own signed-in content (the learner's products, profile, e-mail, the
 * partner's frame signed in), else the run stops: a score of the sign-in page would mean nothing.
 *
 * The admin area's rules and texts pages are audited the same way in a tab of their own each, signed in
 * as the demo product owner and the demo translator.
 *
 * Marks, per page (scripts/lib/lighthouse-marks.ts): performance cold within 0.03 of the bare page's
 * cold performance in the same run; Total Blocking Time cold at most 150 ms where the bare page's own
 * was at most 50 ms; accessibility and best practices cold 1.00; performance warm 1.00. A run that
 * misses a mark ends with exit code 1 once it has printed (and written) its figures.
 *
 * Options: --no-build (reuse dist/portal), --port P (the services on P, the identity provider on
 * P+1, the sandbox on P+2; default: spare ports), --pages /a,/b (default: home, profile, account,
 * training products, the exam form, certification). With BENCH_JSON=file it also writes the figures
 * and marks there as JSON. Each report is kept in .data/bench-lighthouse/<page>-<cold|warm>.json
 * (the bare page's as floor-<cold|warm>.json).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { buildFloor, serveFloor } from './lib/bench-floor';
import { CHROMIUM, CHROMIUM_ARGS, DEMO, root, sparePort, startPortal, stopPortal } from './lib/bench-portal';
import { writeBenchJson } from './lib/bench-report';
import { lighthouseMarks, score } from './lib/lighthouse-marks';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
/**
 * The certification route the header's Certification menu, the home page's certification card and
 * the explore launchpad open (CERTIFICATION_ROUTES.certifications in
 * src/portal/ui/links/certification-routes.ts; scripts do not import the portal).
 */
const CERTIFICATION = '/certification/certifications';

/**
 * What each page shows once it has the learner's data: the page's own content, not the shell's.
 * `email`: the element holds the demo learner's e-mail (an input's value). `lands`: where the page
 * settles (/ goes to /home). `flag`: the portal-config flag the route exists under
 * (src/portal/app/routes.tsx).
 */
interface Content {
  selector: string;
  email?: boolean;
  lands?: string;
  flag?: 'pearson' | 'certmetrics' | 'learningSystems';
}
const CONTENT: Record<string, Content> = {
  '/': { selector: '[data-testid="active-products"] li', lands: '/home' },
  '/home': { selector: '[data-testid="active-products"] li' },
  '/profile': { selector: '#profile_email', email: true },
  '/account': { selector: '#email_currentEmail', email: true },
  '/training-products': { selector: '[data-testid="training-products"] li', flag: 'learningSystems' },
  // The exam form (docs/behaviour.md: profile/pearson, the exam-delivery form).
  '/profile/pearson': { selector: '#exam_email', email: true, flag: 'pearson' },
  // The partner's frame answers the portal's check (frame:initialised, which the portal marks on the
  // frame) only once it has accepted the learner's token and shown the learner's records
  // (src/sandbox/assets/certmetrics-embedded.js).
  [CERTIFICATION]: { selector: 'iframe.certification-frame[data-state="initialised"]', flag: 'certmetrics' },
};
/** Any other page (--pages): the signed-in shell's profile menu. */
const SHELL: Content = { selector: '[data-testid="profile-menu"]' };

const PAGES = option('pages')?.split(',') ?? ['/', '/profile', '/account', '/training-products', '/profile/pearson', CERTIFICATION];

/** The admin area's consoles, each audited in a tab signed in as the demo account of its role (src/server/seed/demo-data.ts). */
const ADMIN_PAGES: { path: string; user: { email: string; password: string }; content: Content }[] = args.includes('--no-admin')
  ? []
  : [
      // The forms' cards link to their editors once the rules in force have loaded.
      { path: '/admin/rules', user: { email: 'owner@example.com', password: 'OwnerDemo2026' }, content: { selector: '.admin-cards a' } },
      // What is published, read from the services.
      {
        path: '/admin/texts',
        user: { email: 'translator@example.com', password: 'TranslatorDemo2026' },
        content: { selector: '[data-testid="texts-published"]' },
      },
    ];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const FLOOR = 'bare React page';
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
      .map((ref) => `${category}: ${lhr.audits[ref.id]?.title ?? ref.id} (${ref.id})`),
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

async function signIn(page: Page, origin: string, user = DEMO, path = '/home', shown = '[data-testid="active-products"] li') {
  await page.goto(`${origin}${path}`);
  await page.waitForSelector('input[type="email"]', { timeout: 30_000 });
  await page.type('input[type="email"]', user.email);
  await page.type('input[type="password"]', user.password);
  await Promise.all([page.waitForNavigation({ timeout: 30_000 }), page.click('button[type="submit"]')]);
  await page.waitForFunction((expected) => window.location.origin === expected, { timeout: 30_000 }, origin);
  await page.waitForSelector(shown, { timeout: 30_000 });
}

/** The routes each default page needs exist: their flags are on in the portal's configuration. */
async function checkFlags(origin: string) {
  const config = (await (await fetch(`${origin}/portal-config.json`)).json()) as { flags: Record<string, boolean> };
  const off = PAGES.filter((path) => {
    const flag = CONTENT[path]?.flag;
    return flag !== undefined && !config.flags[flag];
  });
  if (off.length) throw new Error(`The portal's configuration turns off the routes of ${off.join(', ')} (flags ${JSON.stringify(config.flags)})`);
}

/**
 * The page in the tab after its audit shows its signed-in content (`content`), at the path it should
 * settle on; else the run stops with a screenshot in .data/bench-lighthouse/.
 */
async function checkShown(page: Page, path: string, content: Content, name: string) {
  try {
    const expected = content.lands ?? path;
    await page.waitForFunction((want) => window.location.pathname === want, { timeout: 30_000 }, expected);
    await page.waitForFunction(
      (selector, email) => {
        const element = document.querySelector<HTMLElement>(selector);
        if (!element) return false;
        return !email || (element instanceof HTMLInputElement && element.value === email);
      },
      { timeout: 30_000 },
      content.selector,
      content.email ? DEMO.email : '',
    );
  } catch (error) {
    const shot = join(workDir, `${name}-not-shown.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`${path} did not show its signed-in content (${content.selector}) at ${page.url()}; screenshot ${shot}`, { cause: error });
  }
}

async function audit(page: Page, url: string, name: string, cold: boolean): Promise<Run> {
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
  writeFileSync(join(workDir, `${name}-${cold ? 'cold' : 'warm'}.json`), JSON.stringify(result.lhr));
  return summarise(result.lhr);
}

/** A first visit, then a return visit, each checked for the page's content afterwards. */
async function coldAndWarm(page: Page, url: string, name: string, check: () => Promise<void>) {
  const cold = await audit(page, url, name, true);
  await check();
  const warm = await audit(page, url, name, false);
  await check();
  return { cold, warm };
}

const fileName = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const row = (page: string, run: string, r: Run) => [
  page,
  run,
  score(r.scores.performance),
  score(r.scores.accessibility),
  score(r.scores['best-practices']),
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
  console.log('Building the floor page (bare React 19, same Vite)…');
  const floorBuild = await buildFloor(workDir);
  const base = option('port') ? Number(option('port')) : undefined;
  const [port, idpPort, sandboxPort] = base ? [base, base + 1, base + 2] : await Promise.all([sparePort(), sparePort(), sparePort()]);
  const floorPort = await sparePort();
  const origin = `http://localhost:${port}`;
  const floorUrl = `http://127.0.0.1:${floorPort}/`;
  console.log(`Starting the services on ${origin} (identity provider on ${idpPort}), the floor page on ${floorUrl}…`);
  const portal = await startPortal({ port, idpPort, sandboxPort, sandboxOnOwnHost: true }, join(workDir, 'data'));
  const floorServer = await serveFloor(floorBuild.dir, floorPort);
  // The identity provider's certificate is made locally on first start.
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, acceptInsecureCerts: true });
  const results: { path: string; cold: Run; warm: Run }[] = [];
  let floor: { cold: Run; warm: Run };
  try {
    await checkFlags(origin);
    const page = await browser.newPage();
    await signIn(page, origin);
    console.log(`Auditing the ${FLOOR} (cold, then warm)…`);
    floor = await coldAndWarm(page, floorUrl, 'floor', () => checkShown(page, '/', { selector: 'main h1' }, 'floor'));
    for (const path of PAGES) {
      console.log(`Auditing ${path} (cold, then warm)…`);
      const name = fileName(path);
      const content = CONTENT[path] ?? SHELL;
      results.push({ path, ...(await coldAndWarm(page, `${origin}${path}`, name, () => checkShown(page, path, content, name))) });
    }
    for (const { path, user, content } of ADMIN_PAGES) {
      console.log(`Auditing ${path} as ${user.email} (cold, then warm)…`);
      // Each role signs in in a browser context of its own (the identity provider's session cookie
      // would otherwise sign the learner in again; MSAL keeps its session per tab).
      const context = await browser.createBrowserContext();
      const tab = await context.newPage();
      await signIn(tab, origin, user, path, content.selector);
      const name = fileName(path);
      results.push({ path, ...(await coldAndWarm(tab, `${origin}${path}`, name, () => checkShown(tab, path, content, name))) });
      await context.close();
    }
  } finally {
    await browser.close();
    await floorServer.close();
    stopPortal(portal);
  }

  const columns = ['Page', 'Cache', 'Performance', 'Accessibility', 'Best practices', 'FCP', 'LCP', 'TBT', 'CLS'];
  const audited = [{ path: FLOOR, ...floor }, ...results];
  const rows = audited.flatMap(({ path, cold, warm }) => [row(path, 'cold', cold), row(path, 'warm', warm)]);
  console.log('\nLighthouse 13, mobile, simulated throttling, signed in (cold: HTTP cache cleared; warm: a return visit)');
  printTable(columns, rows);
  for (const { path, cold } of audited) for (const failing of cold.failing) console.log(`  ${path}: ${failing}`);

  const figures = (run: Run) => ({ scores: run.scores, tbt: run.metrics.tbt });
  const marks = lighthouseMarks(
    figures(floor.cold),
    results.map(({ path, cold, warm }) => ({ path, cold: figures(cold), warm: figures(warm) })),
  );
  console.log(`\nMarks met: ${marks.filter((m) => m.met).length} of ${marks.length}`);
  for (const m of marks.filter((m) => !m.met)) console.log(`  not met: ${m.name} ${m.value} (mark ${m.mark})`);
  const written = writeBenchJson({
    title: 'Lighthouse (mobile, simulated throttling, signed in)',
    measuredAt: new Date().toISOString(),
    command: 'npm run bench:lighthouse',
    tables: [
      {
        caption: `Scores and metrics per page, cold (HTTP cache cleared) and warm (return visit); the ${FLOOR} (built by the same Vite, served as the portal is) first, audited in the same run`,
        columns,
        rows,
      },
    ],
    marks,
  });
  if (written) console.log(`\nBENCH_JSON written to ${written}`);
  if (marks.some((m) => !m.met)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
