/*
 * High contrast (forced colours, light palette): every control the portal draws itself must show its
 * state (WCAG 2.2 SC 1.4.11 Non-text Contrast) and its focus (SC 2.4.7 Focus Visible) when the
 * system's colours replace the page's. Each control is screenshotted in both states under
 * `forcedColors: 'active'` and the two pictures must differ (in at least DIFFERENT pixels).
 * And asked for less motion, the busy spinner does not turn (SC 2.3.3). One sign-in per account.
 * docs/accessibility.md says what each check stands for.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';

test.use({ forcedColors: 'active', colorScheme: 'light', viewport: { width: 1280, height: 800 } });

/**
 * How many pixels must become lighter or darker (by LIGHTNESS_STEP of relative luminance, 0 to 1)
 * between a control's two states: a visible mark, not an edge's blur or a change of hue alone.
 */
const DIFFERENT = 50;
const LIGHTNESS_STEP = 0.2;

interface Shot {
  png: Buffer;
  clip: { x: number; y: number; width: number; height: number };
}

/**
 * A picture of the control with a margin round it (where a focus ring or an outline is drawn); given
 * the other state's picture, of the same place, so the two compare pixel for pixel.
 */
async function shot(page: Page, control: Locator, name: string, same?: Shot, margin = 6): Promise<Shot> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error(`${name}: not on screen`);
  const clip = same?.clip ?? { x: Math.max(box.x - margin, 0), y: Math.max(box.y - margin, 0), width: box.width + 2 * margin, height: box.height + 2 * margin };
  const png = await page.screenshot({ clip, animations: 'disabled', caret: 'hide', path: `test-results/screenshots/forced-colours-${name}.png` });
  return { png, clip };
}

/** How many pixels differ between two pictures of the same place (decoded in the page). */
async function difference(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second, step]) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([pixels(first), pixels(second)]);
      if (x.width !== y.width || x.height !== y.height) throw new Error('pictures of different sizes');
      // Relative luminance (WCAG's): a state must change how light a pixel is, not only its hue.
      const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      const luminance = (d: Uint8ClampedArray, i: number) => 0.2126 * linear(d[i]!) + 0.7152 * linear(d[i + 1]!) + 0.0722 * linear(d[i + 2]!);
      let changed = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if (Math.abs(luminance(x.data, i) - luminance(y.data, i)) > step) changed += 1;
      }
      return changed;
    },
    [a.toString('base64'), b.toString('base64'), LIGHTNESS_STEP] as const,
  );
}

async function expectStatesDiffer(page: Page, name: string, a: Shot, b: Shot): Promise<void> {
  const changed = await difference(page, a.png, b.png);
  const { width, height } = a.clip;
  console.log(`forced colours, ${name}: ${changed} of ${Math.round(width * height)} pixels differ`);
  // Soft: each control is judged, and a failure names every one that fails.
  expect.soft(changed, `${name}: the two states look the same in high contrast`).toBeGreaterThanOrEqual(DIFFERENT);
}

/** Moves the focus away without a ring anywhere near the control. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('a learner’s consent boxes, tabs, current page and the toast’s Dismiss show their state in high contrast; the spinner keeps still', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);

  // The current page in the header's nav.
  const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true });
  await expect(home).toHaveAttribute('aria-current', 'page');
  const current = await shot(page, home, 'nav-current');

  // The account page's tabs: chosen and not.
  await page.goto('/account');
  const emailTab = page.getByRole('tab', { name: 'Change email' });
  await expect(emailTab).toHaveAttribute('aria-selected', 'true');
  const selected = await shot(page, emailTab, 'tab-selected');
  await page.getByRole('tab', { name: 'Change password' }).click();
  await expect(emailTab).toHaveAttribute('aria-selected', 'false');
  await blur(page);
  await expectStatesDiffer(page, 'account tab', selected, await shot(page, emailTab, 'tab-not-selected', selected));
  await expectStatesDiffer(page, 'current page in the nav', current, await shot(page, home, 'nav-not-current', current));

  // The profile form's consent boxes, unticked and ticked, and a box with the focus.
  await page.goto('/profile');
  await page.locator('.edit-section__edit').first().click();
  for (const [name, label] of [
    ['sms', 'I agree to receive SMS text messages'],
    ['email-offers', 'Send me news and offers by email'],
  ] as const) {
    const box = page.getByLabel(label);
    await box.scrollIntoViewIfNeeded();
    const wasChecked = await box.isChecked();
    await blur(page);
    const before = await shot(page, box, `${name}-${wasChecked ? 'ticked' : 'unticked'}`);
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: !wasChecked });
    const focused = await shot(page, box, `${name}-focused`, before);
    await blur(page);
    const after = await shot(page, box, `${name}-${wasChecked ? 'unticked' : 'ticked'}`, before);
    await expectStatesDiffer(page, `${label} (ticked and unticked)`, before, after);
    await expectStatesDiffer(page, `${label} (focus)`, after, focused);
  }

  // Saving: the spinner, asked for less motion, does not turn. The save is held, then answered 500.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/profiles\/[^/]+$/, async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Error.Unexpected' }) });
  });
  await page.getByRole('button', { name: 'Save' }).click();
  const spinner = page.locator('button[type="submit"] .spinner');
  await expect(spinner).toBeVisible();
  const turning = await spinner.evaluate((el) =>
    el.getAnimations().some((animation) => (animation as CSSAnimation).animationName === 'spin' || getComputedStyle(el).transform !== 'none'),
  );
  expect.soft(turning, 'the spinner turns although the learner asked for less motion').toBe(false);
  release();

  // The error toast's Dismiss, reached from the keyboard (the toasts' Alt+T, then Tab): focused and not.
  const dismiss = page.locator('[data-sonner-toast]').getByRole('button', { name: 'Dismiss' });
  await expect(dismiss).toBeVisible();
  const unfocused = await shot(page, dismiss, 'dismiss');
  await page.keyboard.press('Alt+T');
  for (let i = 0; i < 4 && !(await dismiss.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(dismiss).toBeFocused();
  await expectStatesDiffer(page, 'toast Dismiss (focus)', unfocused, await shot(page, dismiss, 'dismiss-focused', unfocused));
  await page.unroute(/\/api\/profiles\/[^/]+$/);
});

test('a product owner’s preview language buttons show which is chosen in high contrast', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner@example.com', 'OwnerDemo2026', { path: '/admin/gallery' });
  const switcher = page.getByRole('group', { name: 'Language' }).first();
  const english = switcher.getByRole('button', { name: 'English' });
  await switcher.getByRole('button', { name: '日本語' }).click();
  await expect(english).toHaveAttribute('aria-pressed', 'false');
  await blur(page);
  const off = await shot(page, english, 'language-not-chosen');
  await english.click();
  await expect(english).toHaveAttribute('aria-pressed', 'true');
  await blur(page);
  await expectStatesDiffer(page, 'preview language (chosen and not)', off, await shot(page, english, 'language-chosen', off));
});

test('a translator’s “Show text keys” shows whether it is on in high contrast', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'translator@example.com', 'TranslatorDemo2026');
  const menu = page.getByTestId('profile-menu');
  const toggle = page.getByTestId('show-keys-toggle');
  await menu.getByRole('button').first().click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // The pointer away: with the keys shown, a text under it is outlined.
  await page.mouse.move(640, 780);
  const off = await shot(page, toggle, 'show-keys-off');
  await toggle.click();
  if (!(await toggle.isVisible())) await menu.getByRole('button').first().click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(640, 780);
  await blur(page);
  await expectStatesDiffer(page, 'Show text keys (on and off)', off, await shot(page, toggle, 'show-keys-on', off));
  await toggle.click();
});
