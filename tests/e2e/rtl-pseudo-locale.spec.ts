/*
 * The right-to-left walk (docs/texts.md#the-right-to-left-walk): every page of the route table, as the
 * demo learner under ?ui_locales=ar-XB (Android's right-to-left pseudo-locale), at 1280 and 375 px.
 * A page fails when it is not mirrored (the page's dir, the header's start and end, a form's labels
 * and fields, a dialog's buttons), on horizontal scroll, on a text clipped by its box, and on a text
 * that did not come through i18next (as the pseudo-locale walk).
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { findProblems } from './support/page-texts';
import { DESKTOP, MOBILE } from './support/screenshots';
import { WALKED_PAGES } from './support/walked-pages';

/**
 * Runs in the page: what is not laid out right to left. A page is mirrored when each of its parts
 * (the header's start and end, each form label and its field, each dialog button) stands where the
 * same part stands left to right, reflected about the middle of the window: each is measured as the
 * page is, then with the page turned left to right for a moment, and compared.
 */
function mirrorProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.dir !== 'rtl') problems.push(`the page is dir="${root.dir}"`);
  if (root.scrollWidth > root.clientWidth + 1) problems.push(`horizontal scroll: ${root.scrollWidth} px wide in ${root.clientWidth}`);
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const parts: Array<{ what: string; box: () => DOMRect }> = [];
  const add = (what: string, element: Element | null) => {
    if (element && visible(element)) parts.push({ what, box: () => element.getBoundingClientRect() });
  };
  add("the header's start (the logo)", document.querySelector('.header__logo'));
  add("the header's end (its actions)", document.querySelector('.header__actions'));
  for (const label of document.querySelectorAll('label[for]')) {
    const control = document.getElementById((label as HTMLLabelElement).htmlFor);
    if (!control || !visible(label) || !visible(control)) continue;
    // The label's text, not its box (a label may be as wide as its column).
    const range = document.createRange();
    range.selectNodeContents(label);
    parts.push({ what: `the label of #${control.id}`, box: () => range.getBoundingClientRect() });
    add(`the field #${control.id}`, control);
  }
  for (const dialog of document.querySelectorAll('[role="dialog"]'))
    if (visible(dialog))
      for (const button of dialog.querySelectorAll('button')) add(`a dialog's button "${(button.textContent ?? '').trim().slice(0, 40)}"`, button);

  const width = root.clientWidth;
  const centre = (box: DOMRect) => box.left + box.width / 2;
  const asShown = parts.map((part) => centre(part.box()));
  // The page turned left to right: the document and every part that carries a direction of its own.
  const turned = [root, ...document.body.querySelectorAll('[dir]')].map((element) => [element, element.getAttribute('dir')] as const);
  for (const [element] of turned) element.setAttribute('dir', 'ltr');
  const leftToRight = parts.map((part) => centre(part.box()));
  for (const [element, dir] of turned) {
    if (dir === null) element.removeAttribute('dir');
    else element.setAttribute('dir', dir);
  }
  const slack = Math.max(12, width * 0.02);
  parts.forEach((part, i) => {
    const shown = asShown[i] as number;
    const ltr = leftToRight[i] as number;
    // A part in the middle reads the same both ways.
    if (Math.abs(ltr - width / 2) <= slack) return;
    if (Math.abs(shown - (width - ltr)) > slack)
      problems.push(`${part.what} is not mirrored (at ${Math.round(shown)} px, left to right at ${Math.round(ltr)} px)`);
  });
  return problems;
}

async function walk(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const problems: string[] = [];
  const look = async (where: string) => {
    for (const problem of await page.evaluate(mirrorProblems)) problems.push(`${size.width}px ${where}: ${problem}`);
    for (const finding of await page.evaluate(findProblems)) problems.push(`${size.width}px ${where}: ${finding.kind} "${finding.text}" at ${finding.where}`);
  };
  for (const { path } of WALKED_PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await look(path);
    if (path === '/home') {
      // A dialog: the redemption modal.
      await page
        .getByRole('button', { name: /Redeem/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look(`${path} (dialog)`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
  return problems;
}

test.describe('the right-to-left pseudo-locale', () => {
  test('every page, at 1280 and 375 px: mirrored, no horizontal scroll, no clipped text, each text through i18next', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/home?ui_locales=ar-XB' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('[');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'rtl']);
    const problems = [...(await walk(page, DESKTOP)), ...(await walk(page, MOBILE))];
    expect(problems).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: 'docs/images/rtl-pseudo-locale-1280.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: 'docs/images/rtl-pseudo-locale-375.png', fullPage: true, animations: 'disabled' });
  });

  test('a page laid out left to right is found (the check can fail)', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/account?ui_locales=ar-XB' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(mirrorProblems)).toEqual([]);
    await page.evaluate(() => {
      // The whole page left to right, its tabs (which carry a direction of their own) too.
      for (const element of [document.documentElement, ...document.querySelectorAll('[dir]')]) element.setAttribute('dir', 'ltr');
      const wide = document.createElement('div');
      wide.style.width = '3000px';
      wide.style.height = '1px';
      document.querySelector('main')?.append(wide);
    });
    const problems = await page.evaluate(mirrorProblems);
    expect(problems).toContain('the page is dir="ltr"');
    expect(problems.some((problem) => problem.startsWith("the header's start (the logo) is not mirrored"))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('horizontal scroll'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('the label of'))).toBe(true);
  });
});
