/*
 * npm run screenshots — the pictures in docs/screenshots/, taken from the demo services.
 *
 * Builds the portal (npm run gen, vite build), starts the services with a fresh data folder on spare ports (the
 * demo data is seeded on start), signs in as the demo learner in Debian's chromium and writes
 * docs/screenshots/<page>-<lang>-<width>.png, full page, for:
 *   home, profile (read mode), profile-edit (after Edit), account (read mode), account-errors (a bad
 *   e-mail address sent: the messages at the fields), training-products, and gallery-profile (the
 *   profile form in the admin area's form gallery, as its ui file lays it out; signed in as the
 *   product-owner demo account)
 * at 1280 and 375 px wide, in English and Japanese.
 *
 * Options: --no-build (reuse dist/portal), --only <page>[,<page>…] (those pages alone), --out <dir> (default docs/screenshots).
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium); E2E_PORT, E2E_IDP_PORT, E2E_SANDBOX_PORT (default:
 * spare ports).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DEMO, root, sparePort, startPortal, stopPortal } from './lib/bench-portal';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const LANGS = ['en', 'ja'] as const;
const WIDTHS = [1280, 375] as const;
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 1280: 800, 375: 812 };
const outDir = resolve(root, option('out') ?? 'docs/screenshots');
const workDir = join(root, '.data', 'screenshots');

type Lang = (typeof LANGS)[number];
/** The product-owner demo account (docs/admin-area.md), for the admin area's pages. */
const OWNER = { email: 'owner@example.com', password: 'OwnerDemo2026' };

interface Shot {
  name: string;
  path: string;
  /** The account to take it as (default the demo learner). */
  account?: typeof OWNER;
  /** Only this element rather than the full page. */
  element?: string;
  /** Waits until the page shows what the picture is about; may act on the page (Edit). */
  ready: (page: Page, lang: Lang) => Promise<void>;
}

/** The screenshot starts at the top of the page, with no focused field (its caret would blink in it). */
const toTop = (page: Page) =>
  page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });

const text = (lang: Lang, en: string, ja: string) => (lang === 'en' ? en : ja);

const SHOTS: Shot[] = [
  {
    name: 'home',
    path: '/home',
    ready: async (page) => {
      await page.getByTestId('active-products').getByRole('listitem').first().waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'profile',
    path: '/profile',
    ready: async (page) => {
      await page.locator('.form-actions').getByRole('button').first().waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'profile-edit',
    path: '/profile',
    ready: async (page, lang) => {
      await page
        .locator('.form-actions')
        .getByRole('button', { name: text(lang, 'Edit', '編集'), exact: true })
        .click({ timeout: 30_000 });
      await page
        .locator('.form-actions')
        .getByRole('button', { name: text(lang, 'Save', '保存'), exact: true })
        .waitFor();
      await toTop(page);
    },
  },
  {
    name: 'account',
    path: '/account',
    ready: async (page) => {
      await page.getByRole('tablist').waitFor({ timeout: 30_000 });
      await page.locator('.form-actions').first().waitFor();
    },
  },
  {
    name: 'account-errors',
    path: '/account',
    ready: async (page, lang) => {
      await page
        .locator('.form-actions')
        .getByRole('button', { name: text(lang, 'Edit', '編集'), exact: true })
        .first()
        .click({ timeout: 30_000 });
      // A malformed address and no password: the messages at both fields.
      await page.locator('#email_email').fill('not-an-email');
      await page.locator('#email_email').press('Enter');
      await page.locator('.form-error').nth(1).waitFor();
      await toTop(page);
    },
  },
  {
    name: 'training-products',
    path: '/training-products',
    ready: async (page) => {
      await page.getByTestId('training-products').getByRole('listitem').first().waitFor({ timeout: 30_000 });
    },
  },
  {
    // The admin area's form gallery shows the profile form as its ui file lays it out.
    name: 'gallery-profile',
    path: '/admin/gallery',
    account: OWNER,
    element: '#form-profile',
    ready: async (page, lang) => {
      // The gallery previews in English until its language button is pressed.
      if (lang === 'ja') await page.getByRole('button', { name: '日本語' }).click();
      await page.locator('#form-profile input').first().waitFor({ timeout: 30_000 });
    },
  },
];

async function signIn(page: Page, origin: string, lang: Lang, account: { email: string; password: string }) {
  await page.goto(`${origin}/home?ui_locales=${lang}`);
  await page.waitForURL((url) => url.origin !== origin, { timeout: 30_000 });
  await page.locator('input[type="email"]').first().fill(account.email);
  await page.locator('input[type="password"]').first().fill(account.password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => url.origin === origin, { timeout: 30_000 });
  await page.getByTestId('profile-menu').waitFor({ timeout: 30_000 });
}

async function shoot(browser: Browser, origin: string, lang: Lang, shots: Shot[], account: { email: string; password: string } = DEMO): Promise<string[]> {
  const written: string[] = [];
  const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: lang, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await signIn(page, origin, lang, account);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHTS[width] });
      for (const shot of shots) {
        await page.goto(`${origin}${shot.path}?ui_locales=${lang}`);
        await shot.ready(page, lang);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const file = join(outDir, `${shot.name}-${lang}-${width}.png`);
        const options = { path: file, animations: 'disabled', caret: 'hide' } as const;
        if (shot.element) await page.locator(shot.element).screenshot(options);
        else await page.screenshot({ ...options, fullPage: true });
        written.push(file);
      }
    }
  } finally {
    await context.close();
  }
  return written;
}

async function main() {
  mkdirSync(workDir, { recursive: true });
  mkdirSync(outDir, { recursive: true });
  const only = option('only')?.split(',');
  const shots = only ? SHOTS.filter((s) => only.includes(s.name)) : SHOTS;
  if (shots.length === 0) throw new Error(`No page called ${only}; pages: ${SHOTS.map((s) => s.name).join(', ')}`);
  if (!args.includes('--no-build')) {
    // The services run from the TypeScript source (tsx); only the portal needs a build.
    console.log('Building the portal (npm run gen, vite build)…');
    execFileSync('npm', ['run', 'gen', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  // The browser tests' port variables, when set; spare ports otherwise.
  const portOf = (name: string) => (process.env[name] ? Promise.resolve(Number(process.env[name])) : sparePort());
  const [port, idpPort, sandboxPort] = await Promise.all([portOf('E2E_PORT'), portOf('E2E_IDP_PORT'), portOf('E2E_SANDBOX_PORT')]);
  const origin = `http://localhost:${port}`;
  console.log(`Starting the services on ${origin}…`);
  const services = await startPortal({ port, idpPort, sandboxPort }, join(workDir, 'data'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    // One signed-in browser per account: the learner's pages, then the admin area's.
    const byAccount = new Map<typeof DEMO, Shot[]>();
    for (const shot of shots) byAccount.set(shot.account ?? DEMO, [...(byAccount.get(shot.account ?? DEMO) ?? []), shot]);
    for (const lang of LANGS) {
      for (const [account, accountShots] of byAccount) {
        for (const file of await shoot(browser, origin, lang, accountShots, account)) console.log(`  ${relative(root, file)}`);
      }
    }
  } finally {
    await browser.close();
    stopPortal(services);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
