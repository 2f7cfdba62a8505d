/*
 * The address-verification banner: pending fulfilments on home and the training-products page, the
 * modal with the profile's address rules, verify then release, the banner gone after reload, and
 * verify_return_url on and off the redirect whitelist. Real services, real database.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

const E2E_PASSWORD = 'E2eLearner2026';
type Nested = { [key: string]: string | Nested };
const read = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Nested;
const text = (tree: Nested, path: string) => path.split('.').reduce<string | Nested>((node, key) => (node as Nested)[key] as string | Nested, tree) as string;
const DATE_TIME = /\d{4}-[A-Z]{3}-\d{2} \d{2}:\d{2} (AM|PM)/;

for (const lang of ['en', 'ja'] as const) {
  const fulfilment = read(lang, 'fulfilment');
  const fields = read(lang, 'fields');
  const validation = read(lang, 'validation');
  const portal = read(lang, 'portal');

  test(`${lang}: the banner shows pending items; a bad postal code stays at its field; verify and release clear it for good`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(lang === 'en' ? DESKTOP : MOBILE);
    await signIn(page, `e2e.fulfilment${lang === 'ja' ? '.ja' : ''}@example.com`, E2E_PASSWORD, { lang });

    const banner = page.getByTestId('address-banner');
    await expect(banner).toBeVisible();
    // The item's kind in the learner's language, its name as the partner gives it.
    await expect(banner).toContainText(text(fulfilment, 'Pending.Kinds.printedCertificate').replace('{{title}}', 'Cloud Foundations'));
    await expect(banner).toContainText(DATE_TIME);
    await screenshot(page, `fulfilment-banner-${lang}`);

    // The same banner on the training-products page.
    await page.goto('/training-products');
    await expect(page.getByTestId('address-banner')).toBeVisible();

    await page.getByRole('button', { name: text(fulfilment, 'Banner.Verify') }).click();
    const dialog = page.getByRole('dialog', { name: text(fulfilment, 'Modal.Title') });
    await expect(dialog).toBeVisible();
    const line1 = dialog.getByLabel(text(fields, 'Fields.address.address1.label'));
    await expect(line1).toHaveValue('100 Main Street');
    await expectNoSeriousA11yViolations(page, `address verification (${lang})`);

    // A USA postal code of four digits: the profile's rule, at the field, and nothing typed is lost.
    await line1.fill('42 Parcel Lane');
    const postal = dialog.getByLabel(text(fields, 'Fields.address.postalCode.label'));
    await postal.fill('6060');
    await dialog.getByRole('button', { name: text(fulfilment, 'Modal.Submit') }).click();
    await expect(dialog).toContainText(text(validation, 'Validation.InvalidPostalCode'));
    await expect(postal).toHaveAttribute('aria-invalid', 'true');
    await expect(line1).toHaveValue('42 Parcel Lane');
    await screenshot(page, `fulfilment-modal-error-${lang}`);

    await postal.fill('60601');
    await dialog.getByRole('button', { name: text(fulfilment, 'Modal.Submit') }).click();
    await expect(page.getByText(text(portal, 'Toast.Success.AddressUpdated'))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('address-banner')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible();
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('address-banner')).toHaveCount(0);
  });
}

async function verifyThroughModal(page: Page) {
  const en = read('en', 'fulfilment');
  const dialog = page.getByRole('dialog', { name: text(en, 'Modal.Title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: text(en, 'Modal.Submit') }).click();
}

test.describe('verify_return_url', () => {
  test('a portal path: the modal opens by itself and success goes there', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/home?verify_return_url=%2Ftraining-products' });
    await verifyThroughModal(page);
    await expect(page).toHaveURL(/\/training-products$/);
  });

  test('a whitelisted host: success leaves the portal for it', async ({ page }) => {
    const target = 'http://localhost:44397/after-verification';
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: `/home?verify_return_url=${encodeURIComponent(target)}` });
    const leaving = page.waitForRequest((request) => request.url() === target && request.isNavigationRequest());
    await verifyThroughModal(page);
    expect((await leaving).url()).toBe(target);
  });

  test('any other host: success stays in the portal', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('evil.example')) requested.push(request.url());
    });
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    for (const hostile of ['https://evil.example/steal', '//evil.example/x', 'https://localhost:44397.evil.example/', 'javascript:alert(1)']) {
      await page.goto(`/home?verify_return_url=${encodeURIComponent(hostile)}`);
      await verifyThroughModal(page);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(requested).toEqual([]);
  });
});
