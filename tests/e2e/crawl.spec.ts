/*
 * Every route the router knows (src/portal/app/routes.tsx), and /login, /help and /logout with their
 * parameters, as every demo account (docs/demo.md), in English and Japanese, at 1280 and 375 px:
 * no answer of 500 or above from any call, no console error, no raw message key, no English sentence
 * of the locale files on a Japanese page, no axe violation (WCAG 2.1 A and AA), no horizontal scroll
 * at 375 px. One signed-in page per account and language; each route is loaded once and checked at
 * both widths. Prints a table (route × account: findings) and fails on any finding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth';
import { DESKTOP, MOBILE } from './support/screenshots';

const AXE_SOURCE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');
const SANDBOX_PORT = String(process.env.E2E_SANDBOX_PORT ?? 4404);

interface Account {
  email: string;
  password: string;
  /** Signs in through the demo social provider's stand-in. */
  social?: boolean;
}

// docs/demo.md's accounts (the e2e.* ones are the other suites').
const ACCOUNTS: Account[] = [
  { email: 'learner@example.com', password: 'LearnerDemo2026' },
  { email: 'minor@example.com', password: 'MinorDemo2026' },
  { email: 'blocked@example.com', password: 'BlockedDemo2026' },
  { email: 'social@example.com', password: 'SocialDemo2026', social: true },
  ...['employee', 'administrator', 'instructor', 'other'].map((role) => ({ email: `${role}@example.com`, password: 'RoleDemo2026' })),
  { email: 'b2b@example.com', password: 'BusinessDemo2026' },
  { email: 'fulfilment@example.com', password: 'FulfilDemo2026' },
  { email: 'link@example.com', password: 'LinkDemo2026' },
  { email: 'noprofile@example.com', password: 'NoProfile2026' },
  { email: 'owner@example.com', password: 'OwnerDemo2026' },
  { email: 'owner2@example.com', password: 'OwnerDemo2026' },
  { email: 'translator@example.com', password: 'TranslatorDemo2026' },
];

// Every route of the table (wildcards with a path of theirs), then the ones that leave the portal.
const ROUTES = [
  '/',
  '/home',
  '/training',
  '/profile',
  '/profile/pearson',
  '/account',
  '/exam-error?errorCode=ERROR_TEMPORARY',
  '/certification',
  '/announcements',
  '/explore',
  '/admin',
  '/training-products',
  '/no-such-page',
];
const LEAVING = ['/login?redirectVendor=certMaster&target=MyCourses', '/help?returnto=%2Fhome'];
// In npm test, the accounts that see the portal differently (a full learner with axe everywhere, a
// minor, a blocked one, a social sign-in, one without a profile, each admin role); CRAWL_ACCOUNTS=all
// crawls every account above (about 2 minutes each here), or a comma-separated list of e-mails.
const DEFAULT_ACCOUNTS = [
  'learner@example.com',
  'minor@example.com',
  'blocked@example.com',
  'social@example.com',
  'noprofile@example.com',
  'owner@example.com',
  'translator@example.com',
];
const ONLY = process.env.CRAWL_ACCOUNTS === 'all' ? undefined : (process.env.CRAWL_ACCOUNTS?.split(',') ?? DEFAULT_ACCOUNTS);

type Lang = 'en' | 'ja';
type Nested = { [key: string]: string | Nested };
const leaves = (tree: Nested | string): string[] => (typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(leaves));
/** English sentences of the locale files (four words or more): none may show on a Japanese page. */
function englishSentences(): string[] {
  const dir = resolve('locales/en');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const all = files.flatMap((file) => leaves(JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as Nested));
  // Plain sentences only (no interpolation, no markup), long enough not to be a brand or a name.
  return [...new Set(all.filter((s) => !/[{<]/.test(s) && s.split(/\s+/).length >= 4 && /^[A-Z]/.test(s)))];
}

interface Findings {
  serverErrors: string[];
  consoleErrors: string[];
}

function watch(page: Page): Findings {
  const findings: Findings = { serverErrors: [], consoleErrors: [] };
  page.on('response', (response) => {
    if (response.status() >= 500) findings.serverErrors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('pageerror', (error) => findings.consoleErrors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const line = message.text();
    // The browser's own note of an answer of 400-499 (a missing profile is a 404 the page reads).
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(line)) return;
    findings.consoleErrors.push(line.slice(0, 160));
  });
  return findings;
}

async function signInAny(page: Page, account: Account, lang: Lang): Promise<void> {
  if (!account.social) return signIn(page, account.email, account.password, { lang });
  await page.goto(`/home?ui_locales=${lang}`);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[type="password"]').fill('not-used-by-social');
  await page.locator('form:not(.social) button[type="submit"]').click();
  await page.locator('form.social button[type="submit"]').click();
  await page.locator('input[type="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
}

/** The page has settled: a heading, no skeleton. */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !!document.querySelector('h1') && !document.querySelector('.skeleton'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(150);
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact?: string | null; nodes: unknown[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `axe ${v.id} (${v.impact ?? 'n/a'}) ×${v.nodes.length}`);
  });
}

async function pageChecks(page: Page, lang: Lang, english: string[], width: number, axe: boolean): Promise<string[]> {
  const found: string[] = [];
  const htmlLang = await page.locator('html').getAttribute('lang');
  if (htmlLang !== lang) found.push(`html lang is ${htmlLang}`);
  const body = await page.locator('body').innerText();
  const key = /\b(?:[a-z]+:)?[A-Z][A-Za-z]+\.[A-Z][A-Za-z]+(?:\.[A-Za-z]+)*\b/.exec(body);
  if (key) found.push(`raw key "${key[0]}"`);
  if (lang === 'ja') {
    const shown = english.filter((sentence) => body.includes(sentence));
    if (shown.length) found.push(`English on a Japanese page: "${shown[0]!.slice(0, 60)}"${shown.length > 1 ? ` (+${shown.length - 1})` : ''}`);
  }
  if (width === MOBILE.width) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) found.push(`horizontal scroll of ${overflow}px at 375`);
  }
  if (axe) found.push(...(await axeViolations(page)).map((v) => `${v} at ${width}`));
  return found;
}

type Row = { account: string; lang: Lang; route: string; findings: string[] };

/** Each account's part of the table, printed as its test ends (passed or not). */
function printTable(table: Row[]): void {
  const rows = table.map((row) => `| ${row.route} | ${row.account} | ${row.lang} | ${row.findings.length ? row.findings.join('; ') : 'ok'} |`);
  console.log(['| route | account | lang | findings |', '|---|---|---|---|', ...rows].join('\n'));
  console.log(`crawl: ${table.length} visits, ${table.filter((r) => r.findings.length).length} with findings`);
}

const crawled = ACCOUNTS.filter((a) => !ONLY || ONLY.includes(a.email));
for (const account of crawled) {
  const first = account === crawled[0];
  test(`crawl as ${account.email}`, async ({ browser }) => {
    test.setTimeout(360_000);
    const english = englishSentences();
    const failures: string[] = [];
    const table: Row[] = [];
    test.info().annotations.push({ type: 'crawl', description: account.email });
    for (const lang of ['en', 'ja'] as const) {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      const findings = watch(page);
      await signInAny(page, account, lang);
      const visit = async (route: string, check: boolean) => {
        findings.serverErrors.length = 0;
        findings.consoleErrors.length = 0;
        await page.setViewportSize(DESKTOP);
        await page.goto(route);
        const found: string[] = [];
        if (check) {
          await settled(page);
          // axe at both widths and in both languages for the first account; for the others once per
          // route (375 px, Japanese), which keeps the crawl's time in bounds.
          found.push(...(await pageChecks(page, lang, english, DESKTOP.width, first)));
          if (route === '/home' && lang === 'en') {
            // The English-sentence check can see: the English home page shows some of them.
            const shown = await page.locator('body').innerText();
            expect(english.filter((sentence) => shown.includes(sentence)).length, 'locale sentences on the English home page').toBeGreaterThan(0);
          }
          await page.setViewportSize(MOBILE);
          await page.waitForTimeout(100);
          found.push(...(await pageChecks(page, lang, english, MOBILE.width, first || lang === 'ja')));
        } else {
          // The partner, or (an account with no link to it, no profile to launch from) the portal's
          // home, as the route promises; never stuck anywhere else.
          await page
            .waitForURL((url) => url.port === SANDBOX_PORT || url.pathname === '/', { timeout: 15_000 })
            .catch(() => found.push(`did not reach the partner or home (at ${new URL(page.url()).pathname})`));
        }
        found.push(...findings.serverErrors, ...findings.consoleErrors.map((e) => `console: ${e}`));
        table.push({ account: account.email, lang, route, findings: found });
        failures.push(...found.map((f) => `${lang} ${route}: ${f}`));
      };
      for (const route of ROUTES) await visit(route, true);
      for (const route of LEAVING) await visit(route, false);
      // /logout with its parameter: signed out, then back at the portal page it names.
      findings.serverErrors.length = 0;
      findings.consoleErrors.length = 0;
      await page.goto('/logout?redirectUrl=%2Fhome');
      await expect(page.locator('input[type="password"]')).toBeVisible({ timeout: 30_000 });
      const found = [...findings.serverErrors, ...findings.consoleErrors.map((e) => `console: ${e}`)];
      table.push({ account: account.email, lang, route: '/logout?redirectUrl=/home', findings: found });
      failures.push(...found.map((f) => `${lang} /logout: ${f}`));
      await context.close();
    }
    printTable(table);
    expect(failures).toEqual([]);
  });
}
