import { expect, test, type Page, type Request } from '@playwright/test';
import { loadConfig } from '../../src/server/config';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

// The product owner's journey (issue 22; docs/admin-area.md) in real browsers against the real
// services: the city's rejection figure, a draft city maxLength 32 -> 20 with a reason, its impact on
// stored profiles, publish (the confirmation stays); a learner with the profile form open gets 21
// characters refused at the field, by the services first, then by the new rules in the browser
// without a reload; roll back; the same open form saves 21 characters, still without a reload. And the console's refusals at their controls.

const server = loadConfig(process.env);
const OWNER = { email: 'owner@example.com', password: 'OwnerDemo2026' } as const;
const LEARNER = { email: 'e2e.rules@example.com', password: 'E2eLearner2026' } as const;
const CITY_21 = 'Twentyone Characters!'.replace('!', 's');
const isProfilePatch = (request: Request) => request.method() === 'PATCH' && /\/api\/profiles\//.test(request.url());
const isActivity = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/form-activity';

async function bearerOf(page: Page, open: () => Promise<void>): Promise<string> {
  const call = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/') && Boolean(request.headers().authorization));
  await open();
  return (await call).headers().authorization!;
}

async function openCityEditor(page: Page) {
  await page.goto('/admin/rules/profile?field=primaryAddress/city');
  const declaration = page.getByRole('group', { name: 'Rules of this field' });
  await expect(declaration.getByLabel('At most this many characters')).toBeVisible({ timeout: 30_000 });
  return declaration;
}

test.describe.configure({ mode: 'serial' });

test('draft, impact, publish, a learner refused live, roll back, accepted again', async ({ browser }) => {
  test.setTimeout(240_000);
  expect(CITY_21).toHaveLength(21);
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await learner.setViewportSize(DESKTOP);
  await owner.setViewportSize(DESKTOP);

  // Evidence: the learner is refused at the city (33+ characters, the base rule), which is recorded.
  await signIn(learner, LEARNER.email, LEARNER.password, { path: '/profile' });
  await learner.getByRole('button', { name: 'Edit', exact: true }).click();
  const city = learner.locator('#profile_primaryAddress_city');
  await city.fill('Llanfairpwllgwyngyllgogerychwyrndrobwll');
  const batch = learner.waitForRequest(isActivity, { timeout: 20_000 });
  await learner.getByRole('button', { name: 'Save' }).click();
  await expect(learner.locator('#profile_primaryAddress_city__error')).toBeVisible();
  expect((await (await batch).response())?.status()).toBe(204);

  // The product owner sees the city's rejection figure beside the field.
  const ownerToken = await bearerOf(owner, () => signIn(owner, OWNER.email, OWNER.password));
  const declaration = await openCityEditor(owner);
  await expect(owner.getByTestId('field-activity')).toContainText(/rejected \d+ times?/);
  await expect(owner.getByTestId('field-activity')).toContainText('Validation.');

  // Draft: city at most 20, with a reason; saved as one draft; its impact; publish (approval off in the demo).
  await declaration.getByLabel('At most this many characters').fill('20');
  const draft = owner.getByRole('region', { name: 'Draft', exact: true });
  await expect(draft.getByText('32 → 20')).toBeVisible();
  await draft.getByLabel('Why these changes').fill('Cities longer than 20 characters do not fit the shipping labels.');
  await draft.getByRole('button', { name: 'Save as draft' }).click();
  await expect(draft.getByText('Draft saved (revision 1).')).toBeVisible();
  await draft.getByRole('button', { name: 'Check impact on stored profiles' }).click();
  const impactRow = draft.getByTestId('impact-profile-primaryAddress/city');
  await expect(impactRow).toBeVisible({ timeout: 30_000 });
  const impactCount = Number((await impactRow.locator('td').nth(1).innerText()).match(/\d+/)?.[0]);
  expect(impactCount).toBeGreaterThan(0);
  // The preview's draft column comes from the services' module of the draft's hash.
  await expect(owner.getByRole('region', { name: 'Draft rules' }).locator('#draft-profile_primaryAddress_city')).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(owner, 'rules editor with a saved draft and its impact');
  await screenshot(owner, 'admin-console-desktop-en');
  // The pictures of docs/admin-area.md and the README: the top of the editor, as the screen shows it.
  await owner.evaluate(() => window.scrollTo(0, 0));
  await owner.screenshot({ path: 'test-results/screenshots/admin-console-en-1280.png', animations: 'disabled' });
  await owner.setViewportSize(MOBILE);
  await owner.screenshot({ path: 'test-results/screenshots/admin-console-en-375.png', animations: 'disabled' });
  // Nothing wider than the phone's screen (soft: the journey goes on, the run still fails).
  expect.soft(await owner.evaluate(() => document.documentElement.scrollWidth), 'page width at 375 px').toBeLessThanOrEqual(MOBILE.width);
  await expectNoSeriousA11yViolations(owner, 'rules editor 375');
  await screenshot(owner, 'admin-console-mobile-en');
  await owner.setViewportSize(DESKTOP);
  await draft.getByRole('button', { name: 'Publish' }).click();
  const confirmation = draft.getByRole('status').filter({ hasText: 'Published as version 1.' });
  await expect(confirmation).toBeVisible();
  // It stays while the area loads the new version (the first publish from the base rules once
  // replaced the page with its loading line, and the confirmation was gone), with a link to it.
  await owner.waitForTimeout(3_000);
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole('link', { name: 'See version 1 in the list of versions' })).toHaveAttribute('href', '/admin/rules/versions#version-1');
  await expect(owner.getByText('Loading the schema files')).toHaveCount(0);

  // The learner's form is still open, under the rules it loaded with: 21 characters go to the
  // services, which refuse them at the field; the answer's x-rules-version brings the new rules in.
  await city.fill(CITY_21);
  const refused = learner.waitForResponse((response) => isProfilePatch(response.request()));
  await learner.getByRole('button', { name: 'Save' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(answer.headers()['x-rules-version']).toMatch(/^[0-9a-f]{64}$/);
  await expect(learner.locator('#profile_primaryAddress_city__error')).toBeVisible();
  await expect(city).toHaveValue(CITY_21);
  // The next save is refused in the browser under the new rules: no request, the field flagged.
  let patches = 0;
  learner.on('request', (request) => {
    if (isProfilePatch(request)) patches += 1;
  });
  await learner.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/rules/'), { timeout: 10_000 }).catch(() => undefined);
  await expect(async () => {
    await learner.getByRole('button', { name: 'Save' }).click();
    await expect(learner.locator('#profile_primaryAddress_city__error')).toBeVisible();
    expect(patches).toBe(0);
  }).toPass({ timeout: 15_000 });
  await expect(city).toHaveValue(CITY_21);
  await expectNoSeriousA11yViolations(learner, 'learner refused under the published rules');

  // The services refuse it too, whatever the browser does.
  const api = await owner.request.get('/api/admin/rules/forms', { headers: { authorization: ownerToken, [server.functionKeyHeader]: server.functionKey } });
  expect(api.status()).toBe(200);
  expect(((await api.json()) as { published: { version: number } }).published.version).toBe(1);

  // Roll back to the base, with a reason: version 2, whose rules are the base's.
  await owner.goto('/admin/rules/versions');
  await expect(owner.getByTestId('version-1')).toContainText('Cities longer than 20 characters');
  await owner.getByLabel('Why roll back').last().fill('Shipping labels fit 32 characters after all.');
  await owner.getByRole('button', { name: 'Roll back to the base rules' }).click();
  await expect(owner.getByText('Rolled back: version 2 is in force.')).toBeVisible();
  await expect(owner.getByTestId('version-2')).toContainText('A roll back to version 0.');
  await expectNoSeriousA11yViolations(owner, 'versions');
  await owner.goto('/admin/rules/audit');
  await expect(owner.getByRole('cell', { name: 'Rolled back' })).toBeVisible();
  await expect(owner.getByRole('cell', { name: 'Published', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(owner, 'audit');

  // 21 characters pass again in the form left open, with no reload: the browser's refusal under
  // version 1 is checked against the rules in force first (GET /api/versions), which moved back to
  // the base, so the save goes out under them and the services take it.
  await learner.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await expect(city).toHaveValue(CITY_21);
  const saved = learner.waitForResponse((response) => isProfilePatch(response.request()), { timeout: 15_000 });
  await learner.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(learner.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(city).toHaveValue(CITY_21);
  expect(await learner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // Stored: a fresh page reads it back.
  await learner.reload();
  await expect(city).toHaveValue(CITY_21);

  await learnerContext.close();
  await ownerContext.close();
});

test('the console shows the services’ refusals at their controls; a learner gets not available and 403', async ({ browser }) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.setViewportSize(DESKTOP);
  await signIn(owner, OWNER.email, OWNER.password);
  const declaration = await openCityEditor(owner);
  const draft = owner.getByRole('region', { name: 'Draft', exact: true });
  // Above the stored bound: refused by the services at the control, nothing saved.
  const max = declaration.getByLabel('At most this many characters');
  await max.fill('500');
  await draft.getByLabel('Why these changes').fill('Try a longer city.');
  await draft.getByRole('button', { name: 'Save as draft' }).click();
  await expect(draft.getByRole('alert')).toContainText('The services refused 1 change');
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await expect(declaration.getByText(/At most \d+: the stored data holds no more\./)).toBeVisible();
  await expect(draft.getByText('Not saved as a draft yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(owner, 'refusal above storage');
  await draft.getByRole('button', { name: 'Discard the draft' }).click();

  // A catastrophic pattern: refused by the services at the pattern control, which says beforehand
  // what a pattern may not contain, and then why this one is refused.
  await owner.goto('/admin/rules/profile?field=firstName');
  const firstName = owner.getByRole('group', { name: 'Rules of this field' });
  const pattern = firstName.getByLabel('Pattern (the characters and form the text must have)');
  await expect(pattern.first()).toBeVisible({ timeout: 30_000 });
  await expect(pattern.first()).toHaveAccessibleDescription(/Not allowed, because one long value could then take minutes to check/);
  await pattern.first().fill('^(a+)+$');
  await draft.getByLabel('Why these changes').fill('Try a slow pattern.');
  await draft.getByRole('button', { name: 'Save as draft' }).click();
  await expect(firstName.getByText(/A repeated part may not contain another repeated part \(\(a\+\)\+\)/)).toBeVisible({ timeout: 30_000 });
  await expect(draft.getByText('Not saved as a draft yet.')).toBeVisible();
  await draft.getByRole('button', { name: 'Discard the draft' }).click();

  // A pattern no city can pass (only the empty value, and the city is required): refused.
  const city = await openCityEditor(owner);
  const cityPattern = city.getByLabel('Pattern (the characters and form the text must have)');
  await cityPattern.fill('^$');
  await draft.getByLabel('Why these changes').fill('Try an empty city.');
  await draft.getByRole('button', { name: 'Save as draft' }).click();
  await expect(city.getByText(/No value could pass this field any more/)).toBeVisible({ timeout: 30_000 });
  await expect(cityPattern).toHaveAttribute('aria-invalid', 'true');
  await expect(draft.getByText('Not saved as a draft yet.')).toBeVisible();
  await cityPattern.fill('');

  // A rule some values pass that turns back most stored profiles (the demo's cities are mostly
  // "Chicago"): saved, the warning at the field names the share, and Publish waits for a confirmation.
  await city.getByLabel('At least this many characters').fill('8');
  await draft.getByLabel('Why these changes').fill('Try a long least length.');
  await draft.getByRole('button', { name: 'Save as draft' }).click();
  await expect(draft.getByText('Draft saved (revision 1).')).toBeVisible();
  await expect(owner.getByTestId('impact-share')).toContainText(
    /Under this draft, \d+ of \d+ stored profiles \(\d+(\.\d)?%\) would be turned back at this field/,
    {
      timeout: 30_000,
    },
  );
  await expect(draft.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await draft.getByLabel('I have seen how many learners this turns back; publish it anyway').check();
  await expect(draft.getByRole('button', { name: 'Publish' })).toBeEnabled();
  await expectNoSeriousA11yViolations(owner, 'a draft that turns back most stored profiles');
  await draft.getByRole('button', { name: 'Delete draft' }).click();
  await expect(draft.getByText('Not saved as a draft yet.')).toBeVisible();
  await ownerContext.close();

  // A learner: not available in the portal, 403 from the services.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const token = await bearerOf(learner, () => signIn(learner, LEARNER.email, LEARNER.password));
  await learner.goto('/admin/rules/versions');
  await expect(learner.getByRole('heading', { level: 1, name: 'Not available' })).toBeVisible();
  for (const path of ['/api/admin/rules/forms', '/api/admin/rules/versions', '/api/admin/form-activity']) {
    const res = await learner.request.get(path, { headers: { authorization: token, [server.functionKeyHeader]: server.functionKey } });
    expect(res.status(), path).toBe(403);
  }
  await learnerContext.close();
});
