/*
 * The texts console's journey (docs/texts.md): the localisation demo account finds the city field's
 * message by "show keys", changes its Japanese, publishes; a learner under ?ui_locales=ja sees the
 * edited Japanese for a 33-character city; roll back. Export the keys Japanese still needs, import a
 * translated file: a draft. And the refusals: a learner's token, broken placeholders, markup, an
 * import with an unknown key. Every text changed here is rolled back to the files at the end, so the
 * specs after this one see the texts of the files.
 */
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/server/config';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_LEARNER, signIn } from './support/auth';
import { DESKTOP, MOBILE } from './support/screenshots';

const server = loadConfig(process.env);
const TRANSLATOR = { email: 'translator@example.com', password: 'TranslatorDemo2026' } as const;
const CITY_KEY = 'validation:Validation.InvalidCity_maxLength';
const EDITED_JA = '【編集済み】市区町村は{{limit}}文字以内で入力してください';
const CITY_LABEL_KEY = 'fields:Fields.address.city.label';
const CITY_LABEL_JA = '市区町村';
const EDITED_CITY_LABEL_JA = '市区町村（新しい表記）';

async function bearerOf(page: Page, open: () => Promise<void>): Promise<string> {
  const call = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/') && Boolean(request.headers().authorization));
  await open();
  return (await call).headers().authorization!;
}

const headers = (authorization: string) => ({ authorization, [server.functionKeyHeader]: server.functionKey });

async function cityMessage(page: Page, edit: string, save: string) {
  await page.getByRole('button', { name: edit, exact: true }).first().click();
  await page.locator('#profile_primaryAddress_city').fill('C'.repeat(33));
  await page.getByRole('button', { name: save, exact: true }).click();
  const error = page.locator('#profile_primaryAddress_city__error');
  await expect(error).toBeVisible();
  return error;
}

async function rollBackToFiles(page: Page) {
  await page.goto('/admin/texts');
  const versions = page.getByTestId('texts-versions');
  await versions.getByLabel('Reason for a roll back').fill('e2e: back to the files');
  await versions.getByRole('button', { name: 'Roll back to the files' }).click();
  await expect(page.getByTestId('texts-published')).toContainText('the texts of the files', { timeout: 15_000 });
}

test.describe('the texts console', () => {
  test.describe.configure({ mode: 'serial' });

  test('show keys finds the city message; its Japanese is edited, checked, published, seen by a learner, and rolled back', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    const translatorToken = await bearerOf(page, () => signIn(page, TRANSLATOR.email, TRANSLATOR.password, { path: '/profile' }));

    // Show keys, then the message under the city field tells its key.
    await page.getByTestId('profile-menu').getByRole('button').first().click();
    await page.getByTestId('show-keys-toggle').click();
    await page.keyboard.press('Escape');
    const error = await cityMessage(page, 'Edit', 'Save');
    const marked = error.locator('xpath=descendant-or-self::*[@data-text-key]').first();
    await expect(marked).toHaveAttribute('data-text-key', new RegExp(CITY_KEY.replace(/[.]/g, '\\.')));
    await marked.hover();
    const open = page.getByTestId('show-keys-panel').getByRole('link', { name: 'Open in the texts console' });
    await expect(open).toHaveAttribute('href', `/admin/texts?key=${encodeURIComponent(CITY_KEY)}`);
    await page.goto((await open.getAttribute('href'))!);

    // The console opens the key: English and Japanese side by side, checked at the field.
    const editor = page.getByTestId('text-editor');
    await expect(editor.getByRole('heading', { level: 2 })).toContainText(CITY_KEY);
    const ja = editor.getByLabel('Japanese');
    await ja.fill('市区町村は{{max}}文字以内');
    await expect(editor.getByRole('alert')).toContainText('Use the same placeholders as the English: {{limit}} (this text has {{max}})');
    await expect(ja).toHaveAttribute('aria-invalid', 'true');
    await ja.fill('<b>{{limit}}</b>');
    await expect(editor.getByRole('alert')).toContainText('Texts are shown as text: remove <b>');
    await expect(editor.getByRole('button', { name: 'Add to the draft' })).toHaveAttribute('aria-disabled', 'true');
    await ja.fill(EDITED_JA);
    await expect(editor.getByRole('alert')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'texts console editor');
    await editor.getByRole('button', { name: 'Add to the draft' }).click();
    const pending = page.getByTestId('texts-pending');
    await pending.getByLabel('Reason').fill('e2e: clearer city message');
    await pending.getByRole('button', { name: 'Save the draft' }).click();
    const draft = page.getByTestId('texts-draft').filter({ hasText: 'e2e: clearer city message' });
    await expect(draft).toBeVisible();
    // The console's pictures without the key panel, from the top.
    await page.getByTestId('show-keys-panel').getByRole('button', { name: 'Hide text keys' }).click();
    await expect(page.getByTestId('show-keys-panel')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'docs/images/texts-console-1280.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize(MOBILE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousA11yViolations(page, 'texts console 375');
    await page.screenshot({ path: 'docs/images/texts-console-375.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize(DESKTOP);
    // The next version's number (the languages journey, which runs before this file, publishes and rolls back texts).
    const latest = (await (await page.request.get('/api/admin/texts/versions?limit=1', { headers: headers(translatorToken) })).json()) as {
      versions: Array<{ number: number }>;
    };
    const next = (latest.versions[0]?.number ?? 0) + 1;
    await draft.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByTestId('texts-published')).toContainText(`Published: version ${next}`, { timeout: 15_000 });
    // The draft has left the list; what was done stays said, with a link to the version.
    const publishedAs = page.getByTestId('texts-published-as');
    await expect(publishedAs).toContainText(`Published as version ${next}.`);
    await page.waitForTimeout(3_000);
    await expect(publishedAs).toContainText(`Published as version ${next}.`);
    await expect(publishedAs.getByRole('link', { name: `See version ${next} among the versions` })).toHaveAttribute('href', `#texts-version-${next}`);

    // The services refuse what the console refuses, whoever sends it.
    const refusal = async (text: string) => {
      const res = await page.request.post('/api/admin/texts/drafts', {
        headers: headers(translatorToken),
        data: { reason: 'e2e', changes: [{ key: CITY_KEY, lang: 'ja', text }] },
      });
      expect(res.status()).toBe(400);
      return JSON.stringify(await res.json());
    };
    expect(await refusal('市区町村は{{max}}文字以内')).toContain('Texts.Refusal.Placeholders');
    expect(await refusal('<script>alert(1)</script>{{limit}}')).toContain('Texts.Refusal.Markup');

    // A learner, in Japanese: the edited text, with no restart of the services; and no admin call.
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    const learnerToken = await bearerOf(learner, () => signIn(learner, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/profile', lang: 'ja' }));
    await expect(await cityMessage(learner, '編集', '保存')).toHaveText(EDITED_JA.replace('{{limit}}', '32'));
    const refused = await learner.request.get('/api/admin/texts/keys', { headers: headers(learnerToken) });
    expect(refused.status()).toBe(403);

    // Roll back: the learner's next page shows the Japanese of the files again.
    await rollBackToFiles(page);
    const files = JSON.parse(readFileSync('locales/ja/validation.json', 'utf8')) as { Validation: Record<string, string> };
    await learner.goto('/profile');
    await expect(await cityMessage(learner, '編集', '保存')).toHaveText(files.Validation.InvalidCity_maxLength!.replace('{{limit}}', '32'));
    await learnerContext.close();
  });

  test('a learner moving between cached pages sees a text published meanwhile, without a reload', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const translatorToken = await bearerOf(page, () => signIn(page, TRANSLATOR.email, TRANSLATOR.password, { path: '/admin/texts' }));
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    await learner.setViewportSize(DESKTOP);
    const main = learner.locator('#main');
    // Calls to the services on their way: a page left before its data came would ask again.
    const inFlight = new Set<Request>();
    learner.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) inFlight.add(request);
    });
    const answered = new Set<string>();
    learner.on('requestfinished', (request) => {
      inFlight.delete(request);
      answered.add(new URL(request.url()).pathname);
    });
    learner.on('requestfailed', (request) => inFlight.delete(request));
    const settled = () => expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0);
    // Home's own data (its page's code loads first, so its calls start a moment after the address changes).
    const HOME_DATA = ['/entitlements', '/api/announcements/', '/pendingfulfillments'];
    const homeAnswered = () => HOME_DATA.every((end) => [...answered].some((path) => path.endsWith(end)));
    const moveHomeAndBack = async () => {
      await learner.getByRole('banner').getByRole('link', { name: 'ホーム', exact: true }).click();
      await expect(learner).toHaveURL(/\/home$/);
      await expect.poll(homeAnswered, { timeout: 15_000 }).toBe(true);
      await settled();
      await learner.getByTestId('profile-menu').getByRole('button').first().click();
      await learner.getByTestId('profile-menu').getByRole('link', { name: 'プロフィール', exact: true }).click();
      await expect(learner).toHaveURL(/\/profile$/);
      await settled();
    };
    // The learner's pages, each visited once: their data is cached from now on.
    await signIn(learner, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/profile', lang: 'ja' });
    await expect(main.getByRole('textbox', { name: CITY_LABEL_JA, exact: true })).toBeVisible();
    await moveHomeAndBack();
    await expect(main.getByRole('textbox', { name: CITY_LABEL_JA, exact: true })).toBeVisible();
    // The same document throughout (no reload), and no call for the pages' data while moving.
    await learner.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const calls: string[] = [];
    learner.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });

    // A translator publishes a new Japanese label for the city, through the services' API.
    const created = await page.request.post('/api/admin/texts/drafts', {
      headers: headers(translatorToken),
      data: { reason: 'e2e: the next page', changes: [{ key: CITY_LABEL_KEY, lang: 'ja', text: EDITED_CITY_LABEL_JA }] },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/admin/texts/drafts/${id}/publish`, { headers: headers(translatorToken), data: {} })).status()).toBe(200);

    // Home, the profile menu, プロフィール: the new label within a few seconds.
    await moveHomeAndBack();
    await expect(main.getByRole('textbox', { name: EDITED_CITY_LABEL_JA, exact: true })).toBeVisible({ timeout: 8_000 });
    expect(await learner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // What it cost: the versions check alone, throttled.
    expect(calls.filter((path) => path !== '/api/versions')).toEqual([]);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThanOrEqual(3);

    // A roll back reaches the next page the same way.
    await rollBackToFiles(page);
    await moveHomeAndBack();
    await expect(main.getByRole('textbox', { name: CITY_LABEL_JA, exact: true })).toBeVisible({ timeout: 8_000 });
    expect(await learner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await learnerContext.close();
  });

  test('export the keys Japanese still needs, import a translated file as a draft; an unknown key is refused', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    const token = await bearerOf(page, () => signIn(page, TRANSLATOR.email, TRANSLATOR.password, { path: '/admin/texts' }));
    // A new English makes its Japanese stale: a key Japanese needs again.
    await publishEnglish(page.request, token, 'validation:Validation.InvalidCity', 'Invalid city name');
    await page.reload();
    const exchange = page.getByTestId('texts-exchange');
    await exchange.getByLabel('Format').selectOption('json');
    await exchange.getByLabel('Keys', { exact: true }).selectOption('todo');
    const download = page.waitForEvent('download');
    await exchange.getByRole('button', { name: 'Export' }).click();
    const file = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as Record<string, Record<string, unknown>>;
    expect((file.validation as { Validation: Record<string, string> }).Validation.InvalidCity).toBeDefined();

    const translated = { validation: { Validation: { InvalidCity: '市区町村名が正しくありません' } } };
    await exchange
      .getByLabel('Translated file')
      .setInputFiles({ name: 'ja.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(translated)) });
    await exchange.getByLabel('Reason').fill('e2e: translated file');
    await exchange.getByRole('button', { name: 'Import as a draft' }).click();
    const imported = page.getByTestId('texts-draft').filter({ hasText: 'e2e: translated file' });
    await expect(imported).toContainText('imported');
    await expect(imported).toContainText('市区町村名が正しくありません');
    await expect(page.getByTestId('texts-published')).toContainText('Published: version');

    await exchange
      .getByLabel('Translated file')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ profile: { No: { Such: 'x' } } })) });
    await exchange.getByLabel('Reason').fill('e2e: unknown key');
    await exchange.getByRole('button', { name: 'Import as a draft' }).click();
    await expect(page.getByTestId('texts-import-refusals')).toContainText('is not a key of the texts');
    await expect(page.getByTestId('texts-draft').filter({ hasText: 'e2e: unknown key' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'texts console exchange');

    await rollBackToFiles(page);
  });
});

async function publishEnglish(request: APIRequestContext, authorization: string, key: string, text: string) {
  const created = await request.post('/api/admin/texts/drafts', {
    headers: headers(authorization),
    data: { reason: 'e2e: new English', changes: [{ key, lang: 'en', text }] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`/api/admin/texts/drafts/${id}/publish`, { headers: headers(authorization), data: {} });
  expect(published.status()).toBe(200);
}
