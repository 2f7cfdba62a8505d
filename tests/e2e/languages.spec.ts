/*
 * A language from draft to live (docs/texts.md#languages), in browsers: the localisation demo
 * account adds French, imports an XLIFF file with most keys translated, publishes its texts, sees
 * the completeness and the keys falling back, previews the portal in French (with show keys), and
 * publishes French with English as its fallback. A learner then asks for French: the sign-in page,
 * the portal (with French dates), a validation message and the e-mail-change code e-mail are French,
 * and the language menu offers it. French is taken down: the learner's next page is English, with no
 * error. The texts are rolled back to the files at the end, so the specs after this one see them.
 */
import { expect, type Page, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { js2xliff } from 'xliff';
import { ADMIN_NAMESPACES } from '../../src/shared/texts/namespaces';
import { DEMO_LEARNER, signIn } from './support/auth';
import { DESKTOP } from './support/screenshots';

const TRANSLATOR = { email: 'translator@example.com', password: 'TranslatorDemo2026' } as const;

// The French of the texts the journey looks at; every other text of the file is its English (a
// translation tool's file, most units done), and one unit in twenty is left untranslated.
const FRENCH: Record<string, string> = {
  'portal:Header.Home': 'Accueil',
  'home:Welcome.Lead': 'Accédez à vos formations, gérez vos examens et suivez vos certifications.',
  'validation:Validation.InvalidCity_maxLength': 'Ville non valide : {{limit}} caractères au plus',
  'signin:page.heading': 'Connexion',
  'mail:Verification.Subject': 'Votre code de vérification',
  'mail:Verification.Text':
    'Votre code de vérification est {{code}}. Il expire dans {{minutes}} minutes. Si vous n’avez pas demandé à changer d’adresse, ignorez ce message.',
};

type Nested = { [key: string]: string | Nested };
const flat = (node: Nested, prefix = ''): Array<[string, string]> =>
  Object.entries(node).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value, `${prefix}${key}.`)));

/** The XLIFF 2.0 file a translation tool hands back for French. */
async function frenchXliff(): Promise<string> {
  const resources: Record<string, Record<string, { source: string; target: string }>> = {};
  let index = 0;
  for (const file of readdirSync('locales/en').sort()) {
    const ns = file.replace(/\.json$/, '');
    if (ADMIN_NAMESPACES.includes(ns)) continue;
    for (const [key, source] of flat(JSON.parse(readFileSync(`locales/en/${file}`, 'utf8')) as Nested)) {
      index += 1;
      const target = FRENCH[`${ns}:${key}`] ?? (index % 20 === 0 ? '' : source);
      (resources[ns] ??= {})[key] = { source, target };
    }
  }
  return js2xliff({ sourceLanguage: 'en', targetLanguage: 'fr', resources });
}

async function frenchItem(page: Page) {
  const item = page.locator('[data-testid="texts-language-item"][data-tag="fr"]');
  await expect(item).toBeVisible();
  return item;
}

test('a language from draft to live and down again: French, through the console and as a learner sees it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, TRANSLATOR.email, TRANSLATOR.password, { path: '/admin/texts' });
  const languages = page.getByTestId('texts-languages');

  // Add French: a draft, nothing translated, hidden from learners.
  await languages.getByLabel('Language tag').fill('fr');
  await languages.getByRole('button', { name: 'Add the language' }).click();
  const french = await frenchItem(page);
  await expect(french.getByTestId('texts-language-state')).toHaveText('Draft');
  await expect(french.getByTestId('texts-language-falling-back')).toContainText('keys are missing, and no fallback is named');

  // Import the XLIFF file as a draft and publish its texts (French stays a draft language).
  const exchange = page.getByTestId('texts-exchange');
  await exchange.getByTestId('exchange-language').selectOption('fr');
  await exchange
    .getByLabel('Translated file')
    .setInputFiles({ name: 'texts-fr.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(await frenchXliff()) });
  await exchange.getByLabel('Reason').fill('French from the agency');
  await exchange.getByRole('button', { name: 'Import as a draft' }).click();
  await expect(exchange.getByText('Imported: the draft is in the saved drafts.')).toBeVisible({ timeout: 30_000 });
  const draft = page.getByTestId('texts-draft').filter({ hasText: 'Import: French from the agency' });
  await draft.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Published as version \d+/)).toBeVisible({ timeout: 15_000 });

  // Completeness and the keys falling back; publishing is refused without a fallback.
  await expect(french.getByText(/^Portal pages: \d+ of \d+/)).toBeVisible();
  const missing = Number(/(\d+) keys are missing/.exec((await french.getByTestId('texts-language-falling-back').textContent()) ?? '')?.[1]);
  expect(missing).toBeGreaterThan(10);
  await french.getByRole('button', { name: 'Publish the language' }).click();
  await expect(french.getByRole('alert')).toContainText(`${missing} texts are missing: name a fallback`);
  await french.getByLabel('Fallback').selectOption('en');
  await french.getByRole('button', { name: 'Set the fallback' }).click();
  await expect(french.getByTestId('texts-language-falling-back')).toHaveText(`${missing} keys fall back to English.`);

  // Preview in context: the real portal in French, for this role only, with show keys.
  await french.getByTestId('texts-language-preview').click();
  await expect(page.getByRole('link', { name: 'Accueil' }).first()).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
  await page.getByTestId('profile-menu').getByRole('button').first().click();
  await page.getByTestId('show-keys-toggle').click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Accueil' }).first()).toHaveAttribute('data-text-key', /portal:Header\.Home/);
  await page.getByTestId('show-keys-panel').getByRole('button').last().click();

  // Meanwhile a learner asking for French gets English: a draft's texts are no one else's.
  const learner = await (await browser.newContext({ viewport: DESKTOP, ignoreHTTPSErrors: true })).newPage();
  await signIn(learner, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/home?ui_locales=fr' });
  await expect(learner.getByRole('link', { name: 'Home', exact: true }).first()).toBeVisible();
  // The language menu is a summary until opened (its list loads then).
  const openMenu = async () => {
    const menu = learner.getByTestId('language-menu');
    await menu.locator('summary').click();
    await expect(menu.getByRole('listitem').first()).toBeVisible();
    return menu;
  };
  await expect((await openMenu()).getByRole('link', { name: 'français' })).toHaveCount(0);

  // Publish French with English as its fallback.
  await page.goto('/admin/texts');
  await (await frenchItem(page)).getByRole('button', { name: 'Publish the language' }).click();
  await expect((await frenchItem(page)).getByTestId('texts-language-state')).toHaveText('Live');

  // The learner asked for French before: their next page is French, the menu naming it as theirs.
  await learner.goto('/home');
  await expect(learner.getByRole('link', { name: 'Accueil' }).first()).toBeVisible({ timeout: 15_000 });
  const menu = await openMenu();
  await expect(menu.getByText('français')).toHaveAttribute('aria-current', 'true');
  // And chooses in the menu: English, then Français again.
  await menu.getByRole('link', { name: 'English' }).click();
  await expect(learner.getByRole('link', { name: 'Home', exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await (await openMenu()).getByRole('link', { name: 'français' }).click();
  await expect(learner.getByRole('link', { name: 'Accueil' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(learner.getByText(FRENCH['home:Welcome.Lead']!)).toBeVisible();
  expect(await learner.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr', 'ltr']);
  await learner.goto('/training-products');
  await expect(learner.getByText(/\b\d{1,2} (janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)\.? \d{4}\b/).first()).toBeVisible({ timeout: 15_000 });

  // A validation message in French (the file left the buttons' texts as their English).
  await learner.goto('/profile');
  await learner.getByRole('button', { name: 'Edit', exact: true }).first().click();
  await learner.locator('#profile_primaryAddress_city').fill('C'.repeat(33));
  await learner.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(learner.locator('#profile_primaryAddress_city__error')).toHaveText('Ville non valide : 32 caractères au plus');

  // The e-mail-change code e-mail in French.
  await learner.goto('/account');
  await learner.getByRole('tabpanel').getByRole('button', { name: 'Edit', exact: true }).click();
  await learner.locator('#email_email').fill('langues.fr@example.com');
  await learner.locator('#email_currentPassword').fill(DEMO_LEARNER.password);
  const sent = learner.waitForResponse((r) => r.url().endsWith('/send-email-verification-code') && r.ok());
  await learner.getByRole('tabpanel').getByRole('button', { name: 'Send verification code' }).click();
  await sent;
  const [mail] = (await (await learner.request.get('/dev/outbox.json?to=langues.fr%40example.com')).json()) as Array<{ subject: string; text: string }>;
  expect(mail?.subject).toBe('Votre code de vérification');
  expect(mail?.text).toMatch(/^Votre code de vérification est \d{6}\. Il expire dans 10 minutes\./);

  // The sign-in page in French.
  const fresh = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  await signIn(fresh, DEMO_LEARNER.email, DEMO_LEARNER.password, {
    path: '/home?ui_locales=fr',
    onProviderPage: async (provider) => {
      await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Connexion');
      expect(await provider.evaluate(() => document.documentElement.lang)).toBe('fr');
    },
  });
  await fresh.context().close();

  // French taken down: the learner's next page is English, with no error.
  await page.goto('/admin/texts');
  const live = await frenchItem(page);
  await live.getByLabel('Reason').fill('e2e: not ready after all');
  await live.getByRole('button', { name: 'Take the language down' }).click();
  await expect(live.getByTestId('texts-language-state')).toHaveText('Draft');
  await learner.goto('/home');
  await expect(learner.getByRole('link', { name: 'Home', exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(learner.getByRole('alert')).toHaveCount(0);
  expect(await learner.evaluate(() => document.documentElement.lang)).toBe('en');
  await learner.context().close();

  // Back to the files' texts for the specs after this one.
  const versions = page.getByTestId('texts-versions');
  await versions.getByLabel('Reason for a roll back').fill('e2e: back to the files');
  await versions.getByRole('button', { name: 'Roll back to the files' }).click();
  await expect(page.getByTestId('texts-published')).toContainText('the texts of the files', { timeout: 15_000 });
});
