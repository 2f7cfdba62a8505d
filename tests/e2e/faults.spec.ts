/*
 * Faults in the browser, for every flow that sends something: the call the flow makes is answered
 * 500, 503 with Retry-After (the load balancer's JSON shape), times out, and finds no connection
 * (Playwright's request interception). For each the learner gets the toast the portal has for it,
 * translated; the form stays exactly as typed; the button can be pressed again; no uncaught error.
 * Then the services are back: a double press sends the call once and the flow completes.
 * One sign-in per flow; the fault rows run on the same page, one after the other.
 */
import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { collectPageErrors, expectToastAndDismiss, FAULTS, text, valuesOf } from './support/faults';
import { MOBILE, screenshot } from './support/screenshots';

const E2E_PASSWORD = 'E2eLearner2026';
type Lang = 'en' | 'ja';

interface Flow {
  name: string;
  lang: Lang;
  account: { email: string; password: string };
  /** Where the flow starts (the sign-in comes back to it). */
  path: string;
  /** The call that sends what the learner typed. */
  call: Call;
  /** Reaches the form and fills it in; answers the container whose fields must stay as typed. */
  open: (page: Page) => Promise<Locator>;
  submit: (page: Page) => Locator;
  /** What the learner sees once it went through. */
  done: (page: Page) => Promise<void>;
  /** A screenshot of this fault at 375 px (docs/images/). */
  shot?: string;
  /** Where the flow reports a fault instead of the toast (the resend's fallback text under its button). */
  faultShows?: (page: Page) => Locator;
}

const panel = (page: Page) => page.getByRole('tabpanel');
interface Call {
  method: string;
  path: RegExp;
}
const path = (pattern: RegExp, method: string): Call => ({ method, path: pattern });
const isCall = (call: Call, request: Request) => request.method() === call.method && call.path.test(new URL(request.url()).pathname);
const dialog = (page: Page) => page.getByRole('dialog');

async function openRedeem(page: Page, lang: Lang, key: string): Promise<void> {
  await page
    .getByRole('button', { name: text(lang, 'redemption', 'Redeem.Open') })
    .first()
    .click();
  await page.locator('#redeem_accessKey').fill(key);
  await dialog(page)
    .getByRole('button', { name: text(lang, 'redemption', 'Redeem.Submit'), exact: true })
    .click();
}

const FLOWS: Flow[] = [
  ...(['en', 'ja'] as const).map((lang): Flow => ({
    name: 'profile save',
    lang,
    account: { email: lang === 'en' ? 'e2e.faults@example.com' : 'e2e.faults.ja@example.com', password: E2E_PASSWORD },
    path: '/profile',
    call: path(/^\/api\/profiles\/[^/]+$/, 'PATCH'),
    open: async (page) => {
      await page.getByRole('button', { name: text(lang, 'widgets', 'Actions.Edit'), exact: true }).click();
      await page.locator('#profile_primaryAddress_address1').fill('7 Fault Street');
      await page.locator('#profile_primaryAddress_city').fill('Faultville');
      await page.locator('#profile_primaryPhoneNumber_phone').fill('3125550142');
      return page.locator('form.schema-form');
    },
    submit: (page) => page.getByRole('button', { name: text(lang, 'widgets', 'Actions.Save') }),
    done: async (page) => {
      await expect(page.getByText(text(lang, 'portal', 'Toast.Success.ProfileEdited'))).toBeVisible();
      await expect(page.locator('#profile_primaryAddress_city')).toHaveValue('Faultville');
    },
    shot: lang === 'en' ? 'fault-profile-503-375' : 'fault-profile-offline-ja-375',
  })),
  {
    name: 'exam form',
    lang: 'en',
    account: { email: 'e2e.faults@example.com', password: E2E_PASSWORD },
    path: '/profile/pearson',
    call: path(/^\/api\/vendors\/pearson\/candidates$/, 'POST'),
    open: async (page) => {
      await page.locator('#exam_isUsCitizenOlderThanEighteenYears').check();
      await page.locator('#exam_allowConsentToGatherBirthInformation').check();
      await page.locator('#exam_privacyPolicyAccepted').check();
      await page.locator('#exam_givenName_middleName').fill('Quinn');
      await page.locator('#exam_birthMonth').selectOption('07');
      await page.locator('#exam_birthYear').fill('1994');
      return page.locator('form.schema-form');
    },
    submit: (page) => page.getByRole('button', { name: text('en', 'widgets', 'Actions.Submit') }),
    done: async (page) => {
      await expect(page.getByText(/Your Pearson VUE candidate ID: \d+/)).toBeVisible();
    },
  },
  {
    name: 'redeem',
    lang: 'en',
    account: { email: 'e2e.faults@example.com', password: E2E_PASSWORD },
    path: '/home',
    call: path(/^\/api\/redemptions\/certmaster-platform$/, 'POST'),
    open: async (page) => {
      await page
        .getByRole('button', { name: text('en', 'redemption', 'Redeem.Open') })
        .first()
        .click();
      await page.locator('#redeem_accessKey').fill('DEMO-SUCCESS-0000');
      return dialog(page);
    },
    submit: (page) => dialog(page).getByRole('button', { name: text('en', 'redemption', 'Redeem.Submit'), exact: true }),
    done: async (page) => {
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'Success.Title') })).toBeVisible();
    },
    shot: 'fault-redeem-timeout-375',
  },
  {
    name: 'redeem: company and country',
    lang: 'en',
    account: { email: 'e2e.faults.cmp@example.com', password: E2E_PASSWORD },
    path: '/home',
    call: path(/^\/api\/profiles\/[^/]+$/, 'PATCH'),
    open: async (page) => {
      await openRedeem(page, 'en', 'CMP-SINGLE-0202');
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'CompanyCountry.Title') })).toBeVisible();
      await page.locator('#company-country_company').fill('Fault & Sons');
      return dialog(page);
    },
    submit: (page) => dialog(page).getByRole('button', { name: text('en', 'redemption', 'CompanyCountry.Submit') }),
    done: async (page) => {
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'Success.Title') })).toBeVisible();
    },
  },
  {
    name: 'redeem: demographics',
    lang: 'en',
    account: { email: 'e2e.faults.populi@example.com', password: E2E_PASSWORD },
    path: '/home',
    call: path(/^\/api\/profiles\/[^/]+\/populi$/, 'PATCH'),
    open: async (page) => {
      await openRedeem(page, 'en', 'DEMO-POPULI-0103');
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'Demographics.Title') })).toBeVisible();
      await page.locator('#demographics_birthMonth').selectOption('04');
      await page.locator('#demographics_birthDay').fill('30');
      await page.locator('#demographics_birthYear').fill('1990');
      await page.locator('#demographics_isOlderThanEighteenYears').check();
      await page.locator('#demographics_allowConsentToGatherBirthInformation').check();
      await page.locator('#demographics_mobilePhoneNumber_phone').fill('3125550199');
      return dialog(page);
    },
    submit: (page) => dialog(page).getByRole('button', { name: text('en', 'redemption', 'Demographics.Submit') }),
    done: async (page) => {
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'Success.Title') })).toBeVisible();
    },
  },
  // After the demographics row, on the same page: the new password would fail the next sign-in.
  {
    name: 'password change',
    lang: 'en',
    account: { email: 'e2e.faults.populi@example.com', password: E2E_PASSWORD },
    path: '/account',
    call: path(/\/set-password$/, 'POST'),
    open: async (page) => {
      await page.getByRole('tab', { name: text('en', 'account', 'Password.Tab') }).click();
      await panel(page)
        .getByRole('button', { name: text('en', 'widgets', 'Actions.Edit'), exact: true })
        .click();
      await page.locator('#password_currentPassword').fill(E2E_PASSWORD);
      await page.locator('#password_newPassword').fill('Fault-Pass-2027');
      await page.locator('#password_confirmPassword').fill('Fault-Pass-2027');
      return panel(page).locator('form.schema-form');
    },
    submit: (page) => panel(page).locator('button[type="submit"]'),
    done: async (page) => {
      await expect(page.getByText(text('en', 'portal', 'Toast.Success.PasswordEdited'))).toBeVisible();
    },
  },
  {
    name: 'redeem: upgrade, creating the platform account',
    lang: 'en',
    account: { email: 'e2e.faults.upgrade@example.com', password: E2E_PASSWORD },
    path: '/home',
    call: path(/^\/api\/profiles\/[^/]+\/cmp\/profile$/, 'POST'),
    open: async (page) => {
      await openRedeem(page, 'en', 'DEMO-SUCCESS-0000');
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'Upgrade.Title') })).toBeVisible();
      return dialog(page);
    },
    submit: (page) => dialog(page).getByRole('button', { name: text('en', 'redemption', 'Upgrade.NoUnlinkedAccount') }),
    done: async (page) => {
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'UpgradeSuccess.Title') })).toBeVisible();
    },
  },
  {
    name: 'redeem: upgrade, linking the legacy account',
    lang: 'en',
    account: { email: 'e2e.faults.link@example.com', password: E2E_PASSWORD },
    path: '/home',
    call: path(/^\/api\/accounts\/[^/]+\/link-certmaster$/, 'POST'),
    open: async (page) => {
      await openRedeem(page, 'en', 'DEMO-SUCCESS-0000');
      await dialog(page)
        .getByRole('button', { name: text('en', 'redemption', 'Upgrade.Connect') })
        .click();
      const login = page.getByRole('dialog', { name: text('en', 'redemption', 'Link.Title') });
      await login.getByLabel(text('en', 'redemption', 'Link.Login')).fill('legacy.faults');
      await login.getByLabel(text('en', 'redemption', 'Link.Password')).fill('LegacyPass2026');
      return login;
    },
    submit: (page) => dialog(page).getByRole('button', { name: text('en', 'redemption', 'Link.Submit') }),
    done: async (page) => {
      await expect(page.getByRole('dialog', { name: text('en', 'redemption', 'LinkedSuccess.Title') })).toBeVisible();
    },
  },
  {
    name: 'address verification',
    lang: 'en',
    account: { email: 'e2e.faults@example.com', password: E2E_PASSWORD },
    path: '/home',
    call: path(/^\/api\/vendors\/certmetrics\/verifyaddress$/, 'POST'),
    open: async (page) => {
      await page.getByRole('button', { name: text('en', 'fulfilment', 'Banner.Verify') }).click();
      const modal = page.getByRole('dialog', { name: text('en', 'fulfilment', 'Modal.Title') });
      await modal.getByLabel(text('en', 'fields', 'Fields.address.address1.label')).fill('42 Parcel Lane');
      await modal.getByLabel(text('en', 'fields', 'Fields.address.postalCode.label')).fill('60601');
      return modal;
    },
    submit: (page) => dialog(page).getByRole('button', { name: text('en', 'fulfilment', 'Modal.Submit') }),
    done: async (page) => {
      await expect(page.getByText(text('en', 'portal', 'Toast.Success.AddressUpdated'))).toBeVisible();
    },
  },
  {
    name: 'launch',
    lang: 'en',
    account: DEMO_LEARNER,
    path: '/home',
    call: path(/^\/api\/vendors\/certmetrics\/tokens\//, 'GET'),
    open: async (page) => page.getByTestId('active-products'),
    submit: (page) => page.getByTestId('active-products').getByRole('button', { name: 'Open Continuing Education Tracker' }),
    done: async (page) => {
      await page.waitForURL((url) => url.port === String(process.env.E2E_SANDBOX_PORT ?? 4404), { timeout: 15_000 });
    },
  },
  // Last for its account: the change signs the learner out.
  ...(['en', 'ja'] as const).flatMap((lang): Flow[] => {
    const account = { email: lang === 'en' ? 'e2e.faults.cmp@example.com' : 'e2e.faults.ja@example.com', password: E2E_PASSWORD };
    const newEmail = `e2e.faults.moved.${lang}@example.com`;
    return [
      {
        name: 'e-mail change: send the code',
        lang,
        account,
        path: '/account',
        call: path(/\/send-email-verification-code$/, 'POST'),
        open: async (page) => {
          await panel(page)
            .getByRole('button', { name: text(lang, 'widgets', 'Actions.Edit'), exact: true })
            .click();
          await page.locator('#email_email').fill(newEmail);
          await page.locator('#email_currentPassword').fill(E2E_PASSWORD);
          return panel(page).locator('form.schema-form');
        },
        submit: (page) => panel(page).locator('button[type="submit"]'),
        done: async (page) => {
          await expect(page.getByText(text(lang, 'portal', 'Toast.Success.VerificationCodeSent'))).toBeVisible();
          await expect(page.locator('#email_verificationCode')).toBeVisible();
        },
      },
      {
        name: 'e-mail change: resend the code',
        lang,
        account,
        path: '/account',
        call: path(/\/resend-email-verification-code$/, 'POST'),
        // Continues on the page the previous row left (step 2 is open).
        open: async (page) => panel(page).locator('form.schema-form'),
        submit: (page) => panel(page).getByRole('button', { name: text(lang, 'account', 'Email.Resend') }),
        faultShows: (page) =>
          panel(page)
            .getByRole('alert')
            .filter({ hasText: text(lang, 'account', 'Email.ResendFallback') }),
        done: async (page) => {
          await expect(page.getByText(text(lang, 'portal', 'Toast.Success.VerificationCodeSent'))).toBeVisible();
          await expect(page.locator('#email_verificationCode')).toBeVisible();
        },
      },
      {
        name: 'e-mail change: the code',
        lang,
        account,
        path: '/account',
        call: path(/\/change-email$/, 'POST'),
        // Continues on the page the previous row left (step 2 is open).
        open: async (page) => {
          const outbox = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(newEmail)}`);
          const code = /\b(\d{6})\b/.exec(((await outbox.json()) as { text: string }[])[0]?.text ?? '')?.[1] ?? '';
          expect(code).toMatch(/^\d{6}$/);
          await page.locator('#email_verificationCode').fill(code);
          return panel(page).locator('form.schema-form');
        },
        submit: (page) => panel(page).locator('button[type="submit"]'),
        done: async (page) => {
          await expect(page.getByText(text(lang, 'account', 'Email.LoggingOut'))).toBeVisible();
        },
      },
    ];
  }),
];

test.describe.configure({ mode: 'serial' });

let shared: { page: Page; account: string; errors: string[] } | undefined;
test.afterAll(async () => {
  await shared?.page.close();
  shared = undefined;
});

/** One signed-in page per account, reused by the flows that follow on it. */
async function pageFor(browser: import('@playwright/test').Browser, flow: Flow): Promise<{ page: Page; errors: string[] }> {
  const key = `${flow.account.email}/${flow.lang}`;
  if (shared?.account === key) return shared;
  await shared?.page.close();
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, flow.account.email, flow.account.password, { lang: flow.lang, path: flow.path });
  shared = { page, account: key, errors };
  return shared;
}

for (const flow of FLOWS) {
  test(`[${flow.lang}] ${flow.name}: every fault keeps the input and says so; then it goes through once`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { page, errors } = await pageFor(browser, flow);
    if (!flow.name.endsWith('the code') && new URL(page.url()).pathname !== flow.path) {
      await page.goto(flow.path);
    }
    const container = await flow.open(page);
    const typed = await valuesOf(container);
    const sent: Request[] = [];
    const onRequest = (request: Request) => void (isCall(flow.call, request) && sent.push(request));
    page.on('request', onRequest);

    for (const fault of FAULTS) {
      await page.route(
        (url) => flow.call.path.test(url.pathname),
        async (route) => (isCall(flow.call, route.request()) ? fault.answer(route) : route.fallback()),
      );
      const before = sent.length;
      await flow.submit(page).click();
      await expect.poll(() => sent.length, { message: `${fault.name}: the call was made` }).toBe(before + 1);
      if (flow.faultShows) {
        await expect(flow.faultShows(page), `${flow.name} / ${fault.name}`).toBeVisible();
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
        expect(await valuesOf(container), `${flow.name} / ${fault.name}: the form as typed`).toEqual(typed);
        await expect(flow.submit(page)).toBeEnabled();
        await page.unrouteAll({ behavior: 'wait' });
        continue;
      }
      const toastText = text(flow.lang, 'portal', fault.toastKey);
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: toastText }), `${flow.name} / ${fault.name}`).toBeVisible();
      if (
        flow.shot &&
        ((flow.shot.includes('503') && fault.name.startsWith('503')) ||
          (flow.shot.includes('offline') && fault.name === 'offline') ||
          (flow.shot.includes('timeout') && fault.name === 'timed out'))
      ) {
        await screenshot(page, flow.shot);
        await page.screenshot({ path: `docs/images/${flow.shot}.png`, animations: 'disabled' });
      }
      await expectToastAndDismiss(page, flow.lang, fault.toastKey);
      expect(await valuesOf(container), `${flow.name} / ${fault.name}: the form as typed`).toEqual(typed);
      await expect(flow.submit(page)).toBeEnabled();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.unrouteAll({ behavior: 'wait' });
    }

    // The services are back: a double press sends the call once, and the flow completes.
    const before = sent.length;
    await flow.submit(page).dblclick();
    await flow.done(page);
    expect(sent.length - before, `${flow.name}: sent once`).toBe(1);
    page.off('request', onRequest);
    expect(errors).toEqual([]);
  });
}
