/*
 * Focus never hidden (WCAG 2.2 SC 2.4.11 Focus Not Obscured, failure F110), and no sideways
 * scrolling at 320 px (SC 1.4.10 Reflow): Tab from the top of each page to its end, then Shift+Tab
 * back to the start, on every page of the route table (src/portal/app/routes.tsx) and the admin
 * area's pages, at 1280 and 320 px. At each step the focused element must be what is drawn at the
 * centre of its visible box: not under the sticky header (nor anything else), also when the header is
 * taller than the stylesheet knows (larger text). One sign-in per account;
 * each page is walked on that one tab. docs/accessibility.md says what each check stands for.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { settle, walkFocus } from './support/focus-walk';

const WIDE = { width: 1280, height: 800 } as const;
const NARROW = { width: 320, height: 640 } as const;
type Lang = 'en' | 'ja';

interface Stop {
  path: string;
  /** Reaches the state to walk once the page has settled (the profile form opened). */
  open?: (page: Page) => Promise<void>;
  label?: string;
}

// Every route of the table a learner reaches (a path for each wildcard and an unknown one), and the
// profile form open, where the most fields are.
const LEARNER_PAGES: Stop[] = [
  { path: '/home' },
  { path: '/training' },
  { path: '/profile' },
  {
    path: '/profile',
    label: '/profile, form open',
    open: async (page) => {
      await page.locator('.edit-section__edit').first().click();
      // Edit puts the focus in the form's first field the learner can change.
      await page.waitForFunction(() => document.activeElement?.closest('form') != null);
    },
  },
  { path: '/profile/pearson' },
  { path: '/account' },
  { path: '/exam-error?errorCode=ERROR_TEMPORARY' },
  { path: '/certification/certifications' },
  { path: '/announcements' },
  { path: '/explore' },
  { path: '/training-products' },
  { path: '/admin' },
  { path: '/no-such-page' },
];
// The header taller than the stylesheet knows it (its text at twice the size, as a learner's text
// settings make it, WCAG 1.4.4): the scroll padding must follow the header's measured height.
const LARGER_TEXT: Stop[] = [
  {
    path: '/profile',
    label: '/profile, form open, the header’s text twice as large',
    open: async (page) => {
      await LEARNER_PAGES[3]!.open!(page);
      await userStyle(page, '.header .nav-link { font-size: 28px !important; }');
      // Soft: the walk goes on, and shows what a stale padding hides.
      await expect
        .configure({ soft: true })
        .poll(() =>
          page.evaluate(() => {
            const header = Math.ceil(document.querySelector('.header')!.getBoundingClientRect().height);
            const padding = getComputedStyle(document.documentElement).getPropertyValue('--header-block-size');
            return { header: header > 100, padding: padding === `${header}px` };
          }),
        )
        .toEqual({ header: true, padding: true });
    },
  },
];
const OWNER_PAGES: Stop[] = [
  { path: '/admin' },
  { path: '/admin/rules' },
  { path: '/admin/rules/profile?field=primaryAddress/city' },
  { path: '/admin/rules/versions' },
  { path: '/admin/rules/audit' },
  { path: '/admin/gallery' },
];
const TRANSLATOR_PAGES: Stop[] = [{ path: '/admin' }, { path: '/admin/texts' }];

/**
 * Adds a style sheet as a user's own (through the browser's debugging protocol, which the page's
 * style policy does not govern, as it does not govern a user's settings); it lasts with the document.
 */
async function userStyle(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { styleSheetId } = await cdp.send('CSS.createStyleSheet', { frameId: frameTree.frame.id });
  await cdp.send('CSS.setStyleSheetText', { styleSheetId, text });
}

/** Walks each page forward and back at one width; answers every step the focus could not be seen. */
async function walkPages(page: Page, stops: Stop[], lang: Lang, size: { width: number; height: number }): Promise<{ findings: string[]; steps: number }> {
  await page.setViewportSize(size);
  const findings: string[] = [];
  let steps = 0;
  for (const stop of stops) {
    const url = new URL(stop.path, 'http://portal.invalid');
    url.searchParams.set('ui_locales', lang);
    await page.goto(`${url.pathname}${url.search}`);
    await settle(page);
    await stop.open?.(page);
    const where = `${stop.label ?? stop.path} at ${size.width} px (${lang})`;
    const forward = await walkFocus(page, 'Tab');
    const back = await walkFocus(page, 'Shift+Tab');
    steps += forward.length + back.length;
    expect(forward.length, `${where}: Tab reached something`).toBeGreaterThan(0);
    expect(back.length, `${where}: Shift+Tab reached something`).toBeGreaterThan(0);
    for (const [key, walk] of [
      ['Tab', forward],
      ['Shift+Tab', back],
    ] as const) {
      for (const [i, step] of walk.entries()) {
        if (step.hidden) findings.push(`${where}, ${key} #${i + 1}: ${step.element} hidden by ${step.coveredBy}`);
      }
    }
    if (size.width === NARROW.width) {
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) findings.push(`${where}: scrolls sideways (${scrollWidth} px wide in ${clientWidth})`);
    }
  }
  return { findings, steps };
}

// A trace records every key press with the page's DOM: on the gallery's thousands of nodes that is
// most of the time a walk takes. The findings name each element, which is what a failure needs.
test.use({ trace: 'off' });

async function walkAccount(page: Page, email: string, password: string, stops: Stop[], extra: Stop[] = []): Promise<void> {
  const started = Date.now();
  await signIn(page, email, password, { path: stops[0]!.path });
  // English on the desktop, Japanese on the phone: both languages, and both header shapes.
  const wide = await walkPages(page, stops, 'en', WIDE);
  const narrow = await walkPages(page, stops, 'ja', NARROW);
  const larger = extra.length > 0 ? await walkPages(page, extra, 'en', NARROW) : { findings: [], steps: 0 };
  const steps = wide.steps + narrow.steps + larger.steps;
  console.log(`focus walk ${email}: ${stops.length + extra.length} pages, ${steps} steps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect([...wide.findings, ...narrow.findings, ...larger.findings]).toEqual([]);
}

test('a learner can see the focus on every page of the route table, Tab and Shift+Tab, at 1280 and 320 px, and with a taller header', async ({ page }) => {
  test.setTimeout(240_000);
  await walkAccount(page, DEMO_LEARNER.email, DEMO_LEARNER.password, LEARNER_PAGES, LARGER_TEXT);
});

test('a product owner can see the focus on the admin area’s pages (rules, editor, versions, audit, gallery)', async ({ page }) => {
  test.setTimeout(240_000);
  await walkAccount(page, 'owner@example.com', 'OwnerDemo2026', OWNER_PAGES);
});

test('a translator can see the focus on the texts console', async ({ page }) => {
  test.setTimeout(240_000);
  await walkAccount(page, 'translator@example.com', 'TranslatorDemo2026', TRANSLATOR_PAGES);
});
