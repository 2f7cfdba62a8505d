/*
 * The embedded certification frame: the partner's page (the sandbox, another origin) framed on the
 * certification routes, signed in by the portal's token, kept alive on other routes; its requests
 * move the portal; messages from any other window or of another shape change nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { expect, type Frame, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

interface CertificationTexts {
  Frame: Record<'Title' | 'Failed' | 'Retry' | 'Unavailable', string>;
  Sections: Record<'exams' | 'certifications' | 'continuing-education', string>;
}
interface PortalTexts {
  Header: { Certification: Record<'Menu' | 'MyExams' | 'Certifications' | 'ContinuingEducation', string> };
}
const CERTIFICATION_JA = JSON.parse(readFileSync('locales/ja/certification.json', 'utf8')) as CertificationTexts;
const PORTAL = JSON.parse(readFileSync('locales/en/portal.json', 'utf8')) as PortalTexts;

const frameElement = (page: Page) => page.locator('iframe.certification-frame');

/** The frame once the partner's page says the portal's token was valid. */
async function signedInFrame(page: Page): Promise<Frame> {
  await expect(frameElement(page)).toBeVisible();
  const handle = await frameElement(page).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no certification frame');
  await expect(frame.locator('main[data-partner="certMetricsEmbedded"]')).toHaveAttribute('data-valid', 'true', { timeout: 15_000 });
  await expect(frameElement(page)).toHaveAttribute('data-state', 'initialised');
  return frame;
}

async function openFromMenu(page: Page, item: string) {
  await page.getByRole('button', { name: PORTAL.Header.Certification.Menu }).click();
  await page.getByRole('link', { name: item, exact: true }).click();
}

test.describe('certification frame', () => {
  test('the frame gets the token about 1 s after loading and shows the learner; menu routes keep it alive', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);

    await openFromMenu(page, PORTAL.Header.Certification.Certifications);
    await expect(page).toHaveURL(/\/certification\/certifications$/);
    const frame = await signedInFrame(page);
    const main = frame.locator('main');
    const after = Number(await main.getAttribute('data-token-after-ms'));
    expect(after).toBeGreaterThanOrEqual(1000);
    expect(after).toBeLessThan(5000);
    await expect(frame.locator('[data-field="email"]')).toHaveText(DEMO_LEARNER.email);
    await expect(frame.locator('[data-section="certifications"] [data-item="SEC"]')).toBeVisible();
    await expect(main).toHaveAttribute('data-section-shown', 'certifications');

    // Placed 70 px from the top, 100vh - 100px high.
    const box = await frameElement(page).boundingBox();
    expect(box?.y).toBe(70);
    expect(box?.height).toBe(DESKTOP.height - 100);
    await expectNoSeriousA11yViolations(page, 'certification frame (en)');
    await screenshot(page, 'certification-frame-desktop-en');

    // The same frame document (no reload) follows the menu to the other sections.
    await frame.evaluate(() => {
      (window as unknown as { keptAlive: boolean }).keptAlive = true;
    });
    await openFromMenu(page, PORTAL.Header.Certification.ContinuingEducation);
    await expect(main).toHaveAttribute('data-section-shown', 'continuing-education');
    await expect(frame.locator('[data-section="continuing-education"] li').first()).toContainText('Security conference attendance');

    // Elsewhere the frame is hidden (out of the layout), not unmounted.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(frameElement(page)).toBeHidden();
    expect(await frameElement(page).boundingBox()).toBeNull();
    await expect(frameElement(page)).toHaveCount(1);
    await openFromMenu(page, PORTAL.Header.Certification.MyExams);
    await expect(frameElement(page)).toBeVisible();
    await expect(main).toHaveAttribute('data-section-shown', 'exams');
    expect(await frame.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive)).toBe(true);

    // The home page's certification card leads to the same frame.
    const home = JSON.parse(readFileSync('locales/en/home.json', 'utf8')) as { Certification: { Open: string } };
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('link', { name: home.Certification.Open }).click();
    await expect(page).toHaveURL(/\/certification\/certifications$/);
    await expect(main).toHaveAttribute('data-section-shown', 'certifications');
    expect(await frame.evaluate(() => (window as unknown as { keptAlive?: boolean }).keptAlive)).toBe(true);
  });

  test("the frame's two requests move the portal; unknown shapes change nothing", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    const ignored: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('[certification frame] message ignored')) ignored.push(message.text());
    });
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/certification/certifications' });
    const frame = await signedInFrame(page);

    // Shapes the portal does not know, from the frame itself: nothing happens, each is logged.
    const portalOrigin = new URL(page.url()).origin;
    await frame.evaluate((origin) => {
      window.parent.postMessage({ type: 'frame:navigate', to: '/account' }, origin);
      window.parent.postMessage({ type: 'frame:manage-exams', url: 'https://evil.example' }, origin);
      window.parent.postMessage('frame:edit-address', origin);
    }, portalOrigin);
    await expect.poll(() => ignored.length).toBeGreaterThanOrEqual(3);
    await expect(page).toHaveURL(/\/certification\/certifications$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // "Update shipping address" opens the portal's address editor.
    await frame.getByRole('button', { name: 'Update shipping address' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Address line 1')).toHaveValue('100 Main Street');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // "Manage exams" (on My Exams): this learner has no exam-delivery id yet, so the exam form comes first.
    await openFromMenu(page, PORTAL.Header.Certification.MyExams);
    await frame.getByRole('button', { name: 'Manage exams' }).click();
    await expect(page).toHaveURL(/\/profile\/pearson$/);
  });

  test('messages posted from a third origin change nothing', async ({ browser }) => {
    test.setTimeout(90_000);
    // A hostile page on another local port that posts the frame's requests to the top window.
    const hostile: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><title>hostile</title><script>
        top.postMessage({ type: 'frame:manage-exams' }, '*');
        top.postMessage({ type: 'frame:edit-address' }, '*');
        top.postMessage({ type: 'frame:initialised' }, '*');
      </script>`);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`;
    // The portal's policy would refuse to frame that page at all; the test lifts the policy to show
    // that the portal's own message checks hold without it.
    const context = await browser.newContext({ bypassCSP: true, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    try {
      const ignored: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('[certification frame] message ignored')) ignored.push(message.text());
      });
      await page.setViewportSize(DESKTOP);
      await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/certification/exams' });
      await signedInFrame(page);
      await page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.title = 'hostile';
        document.body.append(frame);
      }, hostileUrl);
      await expect.poll(() => ignored.length).toBeGreaterThanOrEqual(3);
      await page.waitForTimeout(500);
      await expect(page).toHaveURL(/\/certification\/exams$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      await context.close();
      hostile.close();
    }
  });

  test('Japanese: the menu, the heading and the frame title', async ({ page }) => {
    test.setTimeout(90_000);
    const ja = JSON.parse(readFileSync('locales/ja/portal.json', 'utf8')) as PortalTexts;
    await page.setViewportSize(MOBILE);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { lang: 'ja' });
    await page.getByRole('button', { name: ja.Header.Certification.Menu }).click();
    await page.getByRole('link', { name: ja.Header.Certification.Certifications, exact: true }).click();
    await expect(page).toHaveURL(/\/certification\/certifications$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CERTIFICATION_JA.Sections.certifications);
    await expect(frameElement(page)).toHaveAttribute('title', CERTIFICATION_JA.Frame.Title);
    const frame = await signedInFrame(page);
    await expect(frame.locator('[data-item="NET"]')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'certification frame (ja)');
    await screenshot(page, 'certification-frame-mobile-ja');
  });
});
