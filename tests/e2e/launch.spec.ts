/*
 * Single sign-on launches from the portal to the partner sandbox (another origin, over TLS). Every
 * assertion is on what the sandbox received and verified (`data-valid`, `data-field`), not on what
 * the portal meant to send.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

const E2E_PASSWORD = 'E2eLearner2026';
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4404);
const onSandbox = (url: URL) => url.port === String(SANDBOX_PORT) && url.protocol === 'https:';
type Texts = Record<string, Record<string, unknown>>;
const LAUNCH = {
  en: JSON.parse(readFileSync('locales/en/launch.json', 'utf8')) as Texts,
  ja: JSON.parse(readFileSync('locales/ja/launch.json', 'utf8')) as Texts,
};

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

async function expectValid(page: Page, partner: string) {
  const main = page.locator('main[data-partner]');
  await expect(main).toHaveAttribute('data-partner', partner);
  await expect(main).toHaveAttribute('data-valid', 'true');
}

/** Clicks a product's launch button on the home card and returns the sandbox page it opened (tab or same page). */
async function launchProduct(page: Page, title: string): Promise<Page> {
  const button = page.getByTestId('active-products').getByRole('button', { name: `Open ${title}` });
  await expect(button).toBeVisible();
  const popup = page
    .context()
    .waitForEvent('page', { timeout: 5000 })
    .catch(() => null);
  await button.click();
  const opened = await popup;
  const target = opened ?? page;
  await target.waitForURL((url) => onSandbox(url), { timeout: 15_000 });
  return target;
}

test.describe('launches from the home page', () => {
  test('each vendor of the demo learner opens at the sandbox, which says valid', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);

    const tabs: [string, string, (p: Page) => Promise<void>][] = [
      [
        'Networking Essentials CertMaster Learn',
        'certMaster',
        async (p) => {
          await expect(field(p, 'target')).toHaveText('Course');
          await expect(field(p, 'code')).toHaveText('CM-NET-009');
        },
      ],
      [
        'Cloud Fundamentals Exam Prep',
        'benchPrep',
        async (p) => {
          await expect(field(p, 'return_to')).toContainText('/home');
        },
      ],
      ['Linux Administration Instructor-led Course', 'canvas', async () => undefined],
      ['Penetration Testing CertMaster Practice', 'certMasterPractice', async () => undefined],
      ['Networking Essentials eBook', 'gutenberg', async () => undefined],
      ['Data Analysis LOT Course', 'populi', async () => undefined],
    ];
    for (const [title, partner, check] of tabs) {
      const opened = await launchProduct(page, title);
      await expectValid(opened, partner);
      await check(opened);
      if (opened !== page) await opened.close();
      else await page.goBack();
    }

    // Token launches replace the page: the certification tracker and the support desk.
    let target = await launchProduct(page, 'Continuing Education Tracker');
    await expectValid(target, 'certMetrics');
    await expect(field(target, 'email')).toHaveText(DEMO_LEARNER.email);
    await page.goto('/home');
    target = await launchProduct(page, 'Premium Support');
    await expect(target).toHaveURL(/\/zendesk\/hc/);
    await expect(field(target, 'email')).toHaveText(DEMO_LEARNER.email);
  });

  test('a lab launches through the URL the service signs', async ({ page }) => {
    await signIn(page, 'e2e.launch@example.com', E2E_PASSWORD);
    const target = await launchProduct(page, 'Networking Essentials Labs');
    await expectValid(target, 'skillable');
    await expect(field(target, 'email')).toHaveText('e2e.launch@example.com');
  });

  test('an expired product has no launch button', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/training-products' });
    const expired = page.getByTestId('training-products').locator('[data-state=expired]');
    await expect(expired.first()).toBeVisible();
    await expect(expired.getByRole('button', { name: /^Open / })).toHaveCount(0);
    await expect(
      page
        .getByTestId('training-products')
        .locator('[data-state=active]')
        .getByRole('button', { name: /^Open / })
        .first(),
    ).toBeVisible();
  });
});

test.describe('exam delivery', () => {
  for (const [lang, locale] of [
    ['en', 'en_US'],
    ['ja', 'ja_JP'],
  ] as const) {
    test(`[${lang}] Schedule Exam reaches the partner's candidate page in ${locale}`, async ({ page }) => {
      await signIn(page, 'e2e.launch@example.com', E2E_PASSWORD, { lang });
      const schedule = lang === 'en' ? 'Schedule Exam' : JSON.parse(readFileSync('locales/ja/home.json', 'utf8')).Exams.Schedule;
      await page.getByRole('button', { name: schedule }).click();
      await page.waitForURL((url) => onSandbox(url));
      await expectValid(page, 'pearsonVue');
      await expect(field(page, 'LOCALE_CODE')).toHaveText(locale);
      await expect(field(page, 'ACTION')).toHaveText('SCHEDULE_EXAM');
      await expect(field(page, 'VUE_CANDIDATE_ID')).toHaveText('900000031');
      await expect(field(page, 'HIDE_CONFIRM_PERSONAL_INFO_PAGE')).toHaveText('True');
    });
  }

  test('each of the nine error codes comes back to the error page with its text and a way home', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'e2e.launch@example.com', E2E_PASSWORD);
    const codes = LAUNCH.en.ExamError!.Codes as Record<string, string>;
    for (const [index, [code, text]] of Object.entries(codes).entries()) {
      await page.goto('/home');
      await page.getByRole('button', { name: 'Manage Exams' }).click();
      await page.waitForURL((url) => onSandbox(url));
      await expect(field(page, 'ACTION')).toHaveText('MANAGE_EXAMS');
      await page.getByRole('button', { name: code, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/exam-error');
      expect(new URL(page.url()).searchParams.get('errorCode')).toBe(code);
      await expect(page.locator('.exam-error__message')).toHaveText(text);
      if (index === 0) {
        await expectNoSeriousA11yViolations(page, 'exam error page');
        await screenshot(page, 'exam-error-1280');
        await page.setViewportSize(MOBILE);
        await screenshot(page, 'exam-error-375');
        await page.setViewportSize(DESKTOP);
      }
      if (code === 'ERROR_VUE_WIDE_BLOCK') await expect(page.getByRole('link', { name: 'Contact Pearson VUE customer service' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Go Back to the Homepage' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('/login, /help and the role links', () => {
  test('/login?redirectVendor=certMaster&target=… reaches each CertMaster entry', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    for (const [target, path] of [
      ['MyCourses', '/certmaster/my-courses'],
      ['MySchools', '/certmaster/mycampus'],
      ['EmployeeTools', '/certmaster/employeetools'],
      ['Course', '/certmaster/productviewer/CM-SEC-701/default'],
    ] as const) {
      const extra = target === 'Course' ? '&productCode=CM-SEC-701' : '';
      await page.goto(`/login?redirectVendor=certMaster&target=${target}${extra}`);
      await page.waitForURL((url) => onSandbox(url));
      expect(new URL(page.url()).pathname).toBe(path);
      await expectValid(page, 'certMaster');
      await expect(field(page, 'target')).toHaveText(target);
    }
  });

  test('/login stays in the portal for a redirectUrl off the whitelist, an unknown vendor, or a vendor without a link', async ({ page }) => {
    await signIn(page, 'link@example.com', 'LinkDemo2026');
    for (const query of [
      'redirectUrl=https://evil.example/steal',
      'redirectUrl=//evil.example',
      'redirectVendor=nobody',
      'redirectVendor=certMaster&target=MyCourses',
    ]) {
      await page.goto(`/login?${query}`);
      await expect(page).toHaveURL(/\/home$/);
    }
    await page.goto('/login?redirectUrl=/account');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('/help?returnto=… reaches the help centre signed in with the learner', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const sandbox = `https://localhost:${SANDBOX_PORT}`;
    await page.goto(`/help?returnto=${encodeURIComponent(`${sandbox}/zendesk/hc/articles/42`)}`);
    await page.waitForURL((url) => onSandbox(url) && url.pathname === '/zendesk/hc/articles/42');
    await expect(field(page, 'email')).toHaveText(DEMO_LEARNER.email);
    await expect(field(page, 'name')).toContainText('Rivera');
  });

  test("the help menu's three links reach the support desk's help centre, signed in", async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    for (const [name, path] of [
      ['Help Center', '/zendesk/hc'],
      ['Contact Support', '/zendesk/hc/requests/new'],
      ['Community', '/zendesk/hc/community'],
    ] as const) {
      await page.goto('/home');
      await page.getByRole('button', { name: 'Help' }).click();
      await page.getByRole('link', { name }).click();
      await page.waitForURL((url) => onSandbox(url) && url.pathname === path);
      await expect(page.locator('main[data-partner]')).toHaveAttribute('data-valid', 'true');
      await expect(field(page, 'email')).toHaveText(DEMO_LEARNER.email);
    }
  });

  test("the support desk's chat widget loads on demand and opens with the learner's name and email read-only, the support team and nine ticket forms", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const open = page.getByRole('button', { name: 'Support chat' });
    await expect(open).toBeVisible();
    // Nothing of the partner runs before the learner asks: no script, no stylesheet, no widget.
    await expect(page.locator('script[src*="/zendesk/widget.js"]')).toHaveCount(0);
    await expect(page.locator('[data-support-chat]')).toHaveCount(0);
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Chat with support' });
    await expect(panel).toBeVisible();
    // The widget is the partner's script, from the sandbox's origin.
    expect(await page.locator('script[data-email]').getAttribute('src')).toBe(`https://localhost:${SANDBOX_PORT}/zendesk/widget.js`);
    // Focus is in the panel, and one toggle is left: the widget's own.
    await expect(panel.getByLabel('What do you need help with?')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Support chat' })).toHaveCount(1);
    await expect(page.getByTestId('support-chat-launcher')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Support chat' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByLabel('Email')).toHaveValue(DEMO_LEARNER.email);
    await expect(panel.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(panel.getByLabel('Name')).toHaveAttribute('readonly', '');
    await expect(panel.getByLabel('Name')).toHaveValue(/Rivera/);
    await expect(panel.getByLabel('Department')).toHaveValue('Support team');
    await expect(panel.getByLabel('What do you need help with?').locator('option')).toHaveCount(9);
    await expectNoSeriousA11yViolations(page, 'support chat');
    await screenshot(page, 'support-chat-1280');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Support chat' });
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The toggle opens the same panel again; the script was loaded once.
    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(page.locator('script[src*="/zendesk/widget.js"]')).toHaveCount(1);
  });

  test('the support chat button speaks Japanese, and so does the widget it loads', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { lang: 'ja' });
    await expect(page.locator('script[src*="/zendesk/widget.js"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'サポートチャット' }).click();
    const panel = page.getByRole('region', { name: 'サポートとチャット' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('部署')).toHaveValue('サポートチーム');
    await expect(panel.getByLabel('メールアドレス')).toHaveAttribute('readonly', '');
    await expect(panel.getByLabel('お問い合わせ内容').locator('option')).toHaveCount(9);
    await expectNoSeriousA11yViolations(page, 'support chat ja');
    await screenshot(page, 'support-chat-375-ja');
  });

  test('the support chat button sits in the bottom-right corner, round on phones, and the page ends clear of it', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/profile' });
    const launcher = page.getByTestId('support-chat-launcher');
    await expect(launcher).toBeVisible();
    const place = async () => {
      const box = (await launcher.boundingBox())!;
      const viewport = page.viewportSize()!;
      return { right: viewport.width - box.x - box.width, bottom: viewport.height - box.y - box.height, width: box.width, height: box.height };
    };
    // A pill with its text from 768 px, 16 px from the corner's edges.
    expect(await place()).toMatchObject({ right: 16, bottom: 16, height: 48 });
    await expect(launcher.getByText('Support chat')).toBeVisible();

    await page.setViewportSize(MOBILE);
    // A round 48 px icon button below 768 px, still named "Support chat".
    await expect.poll(place).toMatchObject({ right: 16, bottom: 16, width: 48, height: 48 });
    await expect(page.getByRole('button', { name: 'Support chat' })).toBeVisible();
    // Scrolled to the end, the footer's line is above the button, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerLine = (await page.locator('.footer p').boundingBox())!;
    const button = (await launcher.boundingBox())!;
    expect(footerLine.y + footerLine.height).toBeLessThanOrEqual(button.y);
    // The last stop of the keyboard's order, with the focus ring.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+Tab');
    await expect(launcher).toBeFocused();
    expect(await launcher.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await screenshot(page, 'support-chat-launcher-375');
  });

  const roles = [
    ['employee', 'Employee tools', '/certmaster/employeetools'],
    ['administrator', 'Institution management', '/certmaster/mycampus/campus-1001'],
    ['instructor', 'Class management', '/certmaster/mycampus/campus-1002'],
    ['other', 'Courseware home', '/certmaster/my-courses'],
  ] as const;
  for (const [role, text, path] of roles) {
    test(`the ${role} sees "${text}" and lands on ${path}`, async ({ page }) => {
      await signIn(page, `${role}@example.com`, 'RoleDemo2026');
      const link = page.getByTestId('cmp-role-link');
      await expect(link).toHaveText(text);
      await link.click();
      await page.waitForURL((url) => onSandbox(url));
      expect(new URL(page.url()).pathname).toBe(path);
      await expectValid(page, 'certMaster');
    });
  }

  test('a learner without a platform role sees no role link', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('cmp-role-link')).toHaveCount(0);
  });
});
