import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { loadConfig } from '../../src/server/config';
import { DEMO_LEARNER, signIn } from './support/auth';

// Form activity (docs/admin-area.md, "Evidence: form activity") in a real browser against the real
// services: a learner's rejected save is sent as events (batched, and on leaving the page with
// keepalive), and the product owner's statistics count it.

const server = loadConfig(process.env);
const OWNER = { email: 'owner@example.com', password: 'OwnerDemo2026' };
const isActivity = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/form-activity';

interface FieldStats {
  field: string;
  rejections: number;
  keys: Array<{ key: string | null; rejections: number }>;
}
interface ProfileStats {
  submitAttempts: number;
  opened: number;
  abandoned: number;
  fields: FieldStats[];
}

/** The bearer token the portal itself sends with its service calls, once it has made one. */
async function bearerOf(page: Page, open: () => Promise<void>): Promise<string> {
  const call = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/') && Boolean(request.headers().authorization));
  await open();
  return (await call).headers().authorization!;
}

async function profileStats(request: APIRequestContext, authorization: string): Promise<ProfileStats> {
  const res = await request.get('/api/admin/form-activity?form=profile', { headers: { authorization, [server.functionKeyHeader]: server.functionKey } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { forms: ProfileStats[] };
  return body.forms[0]!;
}

const cityRejections = (stats: ProfileStats, key: string) =>
  stats.fields.find((f) => f.field === 'primaryAddress/city')?.keys.find((k) => k.key === key)?.rejections ?? 0;

test('a rejected save is recorded without personal data and counted for the product owner; a learner may not read the counts', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const ownerToken = await bearerOf(ownerPage, () => signIn(ownerPage, OWNER.email, OWNER.password));
  const before = await profileStats(ownerPage.request, ownerToken);

  // The learner: Edit, a 33-character city, Save: refused at the field, nothing saved.
  const learnerToken = await bearerOf(page, () => signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/profile' }));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const city = page.locator('#profile_primaryAddress_city');
  await city.fill('Llanfairpwllgwyngyllgogerychwyrndrobwll');
  const batch = page.waitForRequest(isActivity, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid city')).toBeVisible();

  // Sent in one batch within 10 s, answered 204; nothing typed, no id, no address in it.
  const sent = await batch;
  expect((await sent.response())?.status()).toBe(204);
  const events = sent.postDataJSON() as Array<Record<string, string>>;
  expect(events.map(({ at: _at, ...event }) => event)).toEqual([
    { type: 'form-opened', form: 'profile' },
    { type: 'submit-attempted', form: 'profile' },
    { type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.InvalidCity' },
  ]);
  const text = sent.postData() ?? '';
  expect(text).not.toContain('Llanfair');
  expect(text).not.toContain(DEMO_LEARNER.email);

  // Leaving the page with the change unsaved: the form is abandoned, sent as the page goes (fetch
  // keepalive; the page that sent it is gone, so only the counts below can show it arrived).
  await page.goto('/home');

  // The product owner's counts: one more attempt, rejection at the city with its key, abandonment.
  await expect
    .poll(async () => {
      const after = await profileStats(ownerPage.request, ownerToken);
      return {
        attempts: after.submitAttempts - before.submitAttempts,
        city: cityRejections(after, 'Validation.InvalidCity') - cityRejections(before, 'Validation.InvalidCity'),
        abandoned: after.abandoned - before.abandoned,
      };
    })
    .toEqual({ attempts: 1, city: 1, abandoned: 1 });

  // A learner's token gets 403 from the statistics.
  const refused = await page.request.get('/api/admin/form-activity', {
    headers: { authorization: learnerToken, [server.functionKeyHeader]: server.functionKey },
  });
  expect(refused.status()).toBe(403);
  await ownerContext.close();
});
