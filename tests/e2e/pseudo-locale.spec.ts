/*
 * The pseudo-locale walk (docs/texts.md#the-pseudo-locale-walk): every page of the route table, as the
 * demo learner under ?ui_locales=en-XA, at 1280 and 375 px. A page fails on a visible text that did
 * not come through i18next (no pseudo brackets around it, not data marked translate="no" or
 * data-text-source="services", and not letter-free) and on a text clipped by its box. Also: "show keys" is never a learner's.
 */
import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO_LEARNER, signIn } from './support/auth';
import { DESKTOP, MOBILE } from './support/screenshots';

/** Every page the router knows (src/portal/app/routes.tsx), with what shows that it has loaded. */
const PAGES: { path: string; route: string }[] = [
  { path: '/home', route: 'home' },
  { path: '/training', route: 'training' },
  { path: '/profile', route: 'profile' },
  { path: '/profile/pearson', route: 'pearson' },
  { path: '/account', route: 'account' },
  { path: '/exam-error?errorCode=1', route: 'exam-error' },
  { path: '/certification', route: 'certification/*' },
  { path: '/announcements', route: 'announcements' },
  { path: '/explore', route: 'explore' },
  { path: '/admin', route: 'admin/*' },
  { path: '/training-products', route: 'training-products' },
  { path: '/no-such-page', route: '*' },
];
/** Routes with no page of their own: they send the browser elsewhere at once. */
const REDIRECTS = ['/login', '/help'];

interface Finding {
  kind: 'not-translated' | 'clipped';
  text: string;
  where: string;
}

/** Runs in the page: the texts outside pseudo brackets, and the boxes that clip their text. */
function findProblems(): Finding[] {
  const OPEN = '[';
  const CLOSE = ']';
  const findings: Finding[] = [];
  const describe = (element: Element) => {
    const parts: string[] = [];
    for (let at: Element | null = element; at && parts.length < 4; at = at.parentElement) {
      const testId = at.getAttribute('data-testid');
      parts.unshift(
        `${at.tagName.toLowerCase()}${at.id ? `#${at.id}` : ''}${testId ? `[data-testid=${testId}]` : ''}${typeof at.className === 'string' && at.className ? `.${at.className.trim().split(/\s+/).join('.')}` : ''}`,
      );
    }
    return parts.join(' > ');
  };
  const seen = (element: Element) => {
    const box = element.getBoundingClientRect();
    // Visually hidden texts (for screen readers) are 1 px boxes: nobody sees them.
    return box.width > 1 && box.height > 1 && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const isBlock = (element: Element) => {
    const display = getComputedStyle(element).display;
    return !display.startsWith('inline') && display !== 'contents';
  };
  const textsOf = (root: Element) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    return nodes;
  };

  for (const node of textsOf(document.body)) {
    const element = node.parentElement;
    const text = node.nodeValue ?? '';
    if (!element || !/\p{L}/u.test(text)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.tagName)) continue;
    if (element.closest('[translate="no"], [data-text-source="services"]') || !seen(element)) continue;
    // The block the text is laid out in: the text must sit between an opening and a closing bracket
    // of it (a text made of pieces, a link inside a sentence, is one pseudo text).
    let block: Element = element;
    while (!isBlock(block) && block.parentElement) block = block.parentElement;
    const all = textsOf(block);
    const index = all.indexOf(node);
    const before =
      all
        .slice(0, index)
        .map((n) => n.nodeValue ?? '')
        .join('') + text.slice(0, text.search(/\p{L}/u));
    const after =
      text.slice(text.search(/\p{L}/u)) +
      all
        .slice(index + 1)
        .map((n) => n.nodeValue ?? '')
        .join('');
    const opened = before.lastIndexOf(OPEN) > before.lastIndexOf(CLOSE);
    const closeAt = after.indexOf(CLOSE);
    const openAt = after.indexOf(OPEN);
    const closed = closeAt >= 0 && (openAt < 0 || closeAt < openAt);
    if (!(opened && closed)) findings.push({ kind: 'not-translated', text: text.trim().slice(0, 80), where: describe(element) });
  }

  for (const element of document.body.querySelectorAll('*')) {
    if (!seen(element) || !/\p{L}/u.test(element.textContent ?? '')) continue;
    const style = getComputedStyle(element);
    const hides = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflow);
    const ellipsis = style.textOverflow === 'ellipsis';
    if (!hides && !ellipsis) continue;
    if (element.scrollWidth > element.clientWidth + 1 || (hides && element.scrollHeight > element.clientHeight + 1 && style.overflowY !== 'visible')) {
      findings.push({ kind: 'clipped', text: (element.textContent ?? '').trim().slice(0, 80), where: describe(element) });
    }
  }
  return findings;
}

async function walk(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const problems: string[] = [];
  for (const { path } of PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The page's data has arrived: no skeleton or spinner left.
    await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    for (const finding of await page.evaluate(findProblems)) problems.push(`${size.width}px ${path}: ${finding.kind} "${finding.text}" at ${finding.where}`);
    if (path === '/home') {
      // The header's profile menu, open.
      await page.getByTestId('profile-menu').getByRole('button').first().click();
      await expect(page.getByTestId('profile-menu').getByRole('list')).toBeVisible();
      for (const finding of await page.evaluate(findProblems))
        problems.push(`${size.width}px ${path} (profile menu): ${finding.kind} "${finding.text}" at ${finding.where}`);
      await page.keyboard.press('Escape');
    }
  }
  return problems;
}

test.describe('the pseudo-locale', () => {
  test('the walk covers every route of the router', () => {
    const table = readFileSync('src/portal/app/routes.tsx', 'utf8');
    const routes = [...table.matchAll(/pageRoute\('([^']+)'/g)].map((match) => match[1] ?? '');
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const walked = PAGES.some((page) => page.route === route) || REDIRECTS.includes(route);
      expect(walked, `route ${route} is not walked`).toBe(true);
    }
  });

  test('every page, at 1280 and 375 px: each text came through i18next and none is clipped', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/home?ui_locales=en-XA' });
    // The pseudo-locale is kept for the session, and is English to the page's language.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('[');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const problems = [...(await walk(page, DESKTOP)), ...(await walk(page, MOBILE))];
    expect(problems).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: 'docs/images/pseudo-locale-1280.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: 'docs/images/pseudo-locale-375.png', fullPage: true, animations: 'disabled' });
  });

  test('a text outside i18next is found (the check can fail)', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/home?ui_locales=en-XA' });
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const p = document.createElement('p');
      p.textContent = 'Hard-coded English';
      main.prepend(p);
      const box = document.createElement('div');
      // Set through the CSS object model, which the page's policy allows (a style attribute it would not).
      box.style.width = '60px';
      box.style.overflow = 'hidden';
      box.style.whiteSpace = 'nowrap';
      box.textContent = '[Ŵéļļ ŵŕĩţţéñ, ƀúţ ţóó ļóñĝ]';
      main.prepend(box);
    });
    const findings = await page.evaluate(findProblems);
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'not-translated', text: 'Hard-coded English' }));
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'clipped', text: '[Ŵéļļ ŵŕĩţţéñ, ƀúţ ţóó ļóñĝ]' }));
    expect(findings.filter((finding) => finding.text.includes('Ŵéļļ') && finding.kind === 'not-translated')).toEqual([]);
  });
});

const TRANSLATOR = { email: 'translator@example.com', password: 'TranslatorDemo2026' } as const;

test.describe('show keys', () => {
  test('the localisation role turns it on in the profile menu; a text tells its key and links to the texts console', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, TRANSLATOR.email, TRANSLATOR.password, { path: '/profile' });
    await page.getByTestId('profile-menu').getByRole('button').first().click();
    const toggle = page.getByTestId('show-keys-toggle');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    const panel = page.getByTestId('show-keys-panel');
    await expect(panel).toBeVisible();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveAttribute('data-text-key', /^profile:/);
    await heading.hover();
    const key = (await heading.getAttribute('data-text-key'))!.split(' ')[0]!;
    await expect(panel.getByText(key, { exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open in the texts console' })).toHaveAttribute('href', `/admin/texts?key=${encodeURIComponent(key)}`);
    // From the keyboard: a text that is not a control can be focused, and the panel follows focus.
    await page.locator('[data-text-key-focus]').first().focus();
    await expect(panel.getByRole('link', { name: 'Open in the texts console' })).toBeVisible();
    // Visible texts are unchanged (the key is carried invisibly).
    await expect(heading).not.toContainText('profile:');
    await panel.getByRole('button', { name: 'Hide text keys' }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.locator('[data-text-key]')).toHaveCount(0);
  });

  test("is never a learner's: no toggle, and the stored wish set by hand marks nothing", async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await page.getByTestId('profile-menu').getByRole('button').first().click();
    await expect(page.getByTestId('profile-menu').getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByTestId('show-keys-toggle')).toHaveCount(0);
    await page.evaluate(() => sessionStorage.setItem('portal.showKeys', 'on'));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-text-key]')).toHaveCount(0);
    await expect(page.getByTestId('show-keys-panel')).toHaveCount(0);
  });
});
