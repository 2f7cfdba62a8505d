/*
 * Where the focus lands after each action (WCAG 2.2 SC 2.4.3 Focus Order): never on the page's body.
 * A link that leaves its page for another gives the focus to the new page's heading; "Send
 * verification code" to the code's field; the e-mail change to the section's heading, with the
 * sign-out notice spoken from a live region that was there before (SC 4.1.3 Status Messages); in the
 * rules console, the route into the editor to its heading and "Save as draft" to checking its impact.
 * Pressed from the keyboard, as a learner who cannot use a mouse does. One sign-in per account.
 * docs/accessibility.md says what each check stands for.
 */
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth';

const LEARNER = { email: 'e2e.a11y@example.com', password: 'E2eLearner2026' } as const;
const NEW_EMAIL = 'e2e.a11y.changed@example.com';

/** What has the focus: a short description, `body` when nothing has. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${(el.textContent ?? '').trim().slice(0, 60)}`;
  });

async function press(page: Page, name: string | RegExp, role: 'button' | 'link' = 'button') {
  const control = page.getByRole(role, { name, exact: typeof name === 'string' });
  await control.focus();
  await page.keyboard.press('Enter');
}

test('a learner: a link to another page, "Send verification code" and the e-mail change leave the focus somewhere', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, LEARNER.email, LEARNER.password);

  // A link inside the page goes with it: the focus goes to the new page's heading.
  await press(page, 'See all announcements', 'link');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeFocused();

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Change your email address' });
  await section.getByRole('button', { name: 'Edit email address' }).click();
  await page.locator('#email_email').fill(NEW_EMAIL);
  await page.locator('#email_currentPassword').fill(LEARNER.password);
  // The notice's live region is there, empty, before anything is sent.
  const region = await section
    .locator('[role="status"]')
    .first()
    .elementHandle({ timeout: 2_000 })
    .catch(() => null);
  expect(region, 'a status region in the section before the change').not.toBeNull();
  expect(await region!.evaluate((el) => el.textContent)).toBe('');

  await press(page, 'Send verification code');
  await expect(section.getByText(`Enter the verification code we sent to ${NEW_EMAIL}.`)).toBeVisible();
  await expect.poll(() => focused(page), { message: 'the focus after "Send verification code"' }).toBe('input#email_verificationCode ');

  const outbox = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(NEW_EMAIL)}`);
  const code = /\b(\d{6})\b/.exec(((await outbox.json()) as { text: string }[])[0]?.text ?? '')?.[1] ?? '';
  await page.locator('#email_verificationCode').fill(code);
  await press(page, 'Change email');
  await expect(section.getByText(/You will be signed out in 3 seconds/)).toBeVisible();
  await expect.poll(() => focused(page), { message: 'the focus after the e-mail change' }).toMatch(/^h2#change-email-heading /);
  // The notice spoke from the region that was waiting for it.
  expect(await region!.evaluate((el) => el.isConnected && el.textContent)).toMatch(/You will be signed out in 3 seconds/);
});

test('a product owner: the route into the rules editor and "Save as draft" leave the focus somewhere', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner@example.com', 'OwnerDemo2026', { path: '/admin/rules' });

  await press(page, 'Profile', 'link');
  const heading = page.getByRole('heading', { level: 1, name: /Profile/ });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(heading).toBeFocused();

  await page.getByLabel('Field', { exact: true }).selectOption('primaryAddress/city');
  const declaration = page.getByRole('group', { name: 'Rules of this field' });
  await declaration.getByLabel('At most this many characters').fill('20');
  const draft = page.getByRole('region', { name: 'Draft', exact: true });
  await draft.getByLabel('Why these changes').fill('Where the focus goes after saving.');
  await press(page, 'Save as draft');
  await expect(draft.getByText(/Draft saved \(revision \d+\)\./)).toBeVisible();
  await expect.poll(() => focused(page), { message: 'the focus after "Save as draft"' }).toBe('button Check impact on stored profiles');

  // Leaves nothing behind for the other tests: the draft deleted, the focus still somewhere.
  await press(page, 'Delete draft');
  await expect(draft.getByText('Draft deleted.')).toBeVisible();
  await expect.poll(() => focused(page), { message: 'the focus after "Delete draft"' }).not.toBe('body');
});
