import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../src/server/config';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE } from './support/screenshots';

// What a published rule did to learners, in a browser against the real services (docs/admin-area.md,
// "What a version did", "A watch", "Publish on a date"): owner@ finds the demo's flagged version on
// the admin home, opens its panel (before and after, intervals, the verdict), rolls back from the
// flag; then a draft scheduled a few seconds ahead goes live and, being temporary, ends by itself.
// The demo history is seeded only with E2E_DEMO_ACTIVITY=on (the other suites start from the base
// rules), so this file runs on a server of its own:
//   E2E_DEMO_ACTIVITY=on E2E_PORT=… E2E_DATA_DIR=.data/e2e-impact npx playwright test tests/e2e/impact.spec.ts
// It writes the pictures of docs/admin-area.md (docs/images/impact-*.png). One sign-in, no fixed waits.

const OWNER = { email: 'owner@example.com', password: 'OwnerDemo2026' } as const;
const server = loadConfig(process.env);

async function shot(page: Page, name: string, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.screenshot({ path: `docs/images/${name}-${size.width}.png`, fullPage: true, animations: 'disabled' });
}

test('the flagged version, its figures, roll back from the flag; a temporary version scheduled ahead comes and goes', async ({ page }) => {
  test.skip(process.env.E2E_DEMO_ACTIVITY !== 'on', 'needs the demo history (E2E_DEMO_ACTIVITY=on, a server of its own)');
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const bearer = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/') && Boolean(request.headers().authorization));
  await signIn(page, OWNER.email, OWNER.password, { path: '/admin' });
  const authorization = (await bearer).headers().authorization!;

  // The flag on the admin home, with its figures.
  const flag = page.getByTestId('flag-1');
  await expect(flag).toBeVisible({ timeout: 30_000 });
  await expect(flag.getByRole('link', { name: 'Version 1 got clearly worse' })).toBeVisible();
  await expect(flag).toContainText('Profile, primaryAddress/city: turned back at');
  await expectNoSeriousA11yViolations(page, 'admin home with a flag');
  await shot(page, 'impact-flag', DESKTOP);
  await shot(page, 'impact-flag', MOBILE);
  await page.setViewportSize(DESKTOP);

  // Its page: before and after, the 95 % ranges, the verdict in words, the test explained; keyboard to the window chooser.
  await flag.getByRole('link', { name: 'Version 1 got clearly worse' }).click();
  const panel = page.getByTestId('effect-panel');
  const city = panel.getByTestId('effect-profile-primaryAddress/city');
  await expect(city).toContainText('clearly worse', { timeout: 30_000 });
  await expect(city).toContainText('95 % range');
  await expect(panel).toContainText('p < 0.05');
  await page.getByLabel('Days in each window').focus();
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByText(/^Before: /)).toBeVisible();
  await page.getByLabel('Days in each window').selectOption('');
  await expect(city).toContainText('clearly worse');
  await expectNoSeriousA11yViolations(page, 'version page with its effect');
  await shot(page, 'impact-panel', DESKTOP);
  await shot(page, 'impact-panel', MOBILE);
  await page.setViewportSize(DESKTOP);

  // Roll back from the flag on the admin home: one press, the reason filled in.
  await page.goto('/admin');
  await page.getByTestId('flag-1').getByRole('button', { name: 'Roll back to version 0' }).click();
  await expect(page.getByText('Rolled back: version 2 is in force.')).toBeVisible();

  // A temporary version: a draft scheduled a few seconds ahead with an end a few seconds later.
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await page.request.fetch(path, {
      method,
      headers: { authorization, [server.functionKeyHeader]: server.functionKey, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { data: body }),
    });
    return { status: res.status(), body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  const draft = await api('POST', '/api/admin/rules/drafts', {
    reason: 'campaign: city at most 24',
    changes: [{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 24 }],
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const wall = (ms: number) => {
    const at = new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
    return { date: at.slice(0, 10), time: at.slice(11, 19), timeZone: 'UTC' };
  };
  const scheduled = await api('POST', `/api/admin/rules/drafts/${String(draft.body?.id)}/schedule`, { at: wall(8_000), until: wall(20_000) });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
  await page.goto('/admin/rules/versions');
  const list = page.getByTestId('schedule-list');
  await expect(list.getByTestId('scheduled-pending')).toContainText('Publish a draft at');
  // The list refreshes itself while work is pending: the publish, then the end, show as done.
  await expect(list.getByTestId('scheduled-done')).toHaveCount(2, { timeout: 60_000 });
  await expect(list.getByRole('link', { name: 'Version 3' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Version 4 is in force.')).toBeVisible();
});
