/*
 * Faults made in the browser (Playwright's request interception) for the fault suites: the services
 * answering 500, 503 with Retry-After in the load balancer's JSON shape, a request timing out and
 * the connection gone; what the learner must see for each; and the page's errors collected.
 *
 * Use:
 *   const errors = collectPageErrors(page);                      // uncaught errors and unexpected console errors
 *   await page.route(matcher, FAULTS[0].answer);  ...  await page.unroute(matcher);
 *   await expectValues(container, before);                     // the form exactly as typed
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, type Route } from '@playwright/test';

type Nested = { [key: string]: string | Nested };
const read = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Nested;
/** A text of the locale files by namespace and dotted key. */
export const text = (lang: 'en' | 'ja', ns: string, key: string): string =>
  key.split('.').reduce<string | Nested>((node, part) => (node as Nested)[part] as string | Nested, read(lang, ns)) as string;

export interface Fault {
  name: string;
  /** The portal namespace's key of the toast the learner must see. */
  toastKey: string;
  answer: (route: Route) => Promise<void>;
}

export const FAULTS: Fault[] = [
  {
    name: '500',
    toastKey: 'Toast.Error.Default',
    answer: (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'An internal error occurred.', statusCode: 500 }) }),
  },
  {
    name: '503 with Retry-After',
    toastKey: 'Toast.Error.Unavailable',
    // The load balancer's own answer when nobody is in rotation (scripts/lib/cluster/haproxy.ts).
    answer: (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'retry-after': '1' },
        body: JSON.stringify({ message: 'The service is briefly unavailable; try again.', statusCode: 503 }),
      }),
  },
  { name: 'timed out', toastKey: 'Toast.Error.Network', answer: (route) => route.abort('timedout') },
  { name: 'offline', toastKey: 'Toast.Error.Network', answer: (route) => route.abort('internetdisconnected') },
];

/**
 * Uncaught errors, and console errors other than the browser's own note of a failed request and the
 * portal's log line of an answer of 500 (which is for support, and expected when the test sends one).
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const line = message.text();
    if (line.startsWith('Failed to load resource') || line.startsWith('[api] ')) return;
    errors.push(`console: ${line}`);
  });
  return errors;
}

/** Every field's value (checked state for boxes) inside a container, in document order. */
export function valuesOf(container: Locator): Promise<string[]> {
  return container.locator('input, select, textarea').evaluateAll((elements) =>
    elements.map((element) => {
      const field = element as HTMLInputElement;
      return `${field.id || field.name}=${field.type === 'checkbox' || field.type === 'radio' ? String(field.checked) : field.value}`;
    }),
  );
}

/** The toast region's error toast: its text, then dismissed so the next fault starts clean. */
export async function expectToastAndDismiss(page: Page, lang: 'en' | 'ja', key: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text(lang, 'portal', key) });
  await expect(toast).toBeVisible();
  // Under an open dialog too (which turns pointer events off outside itself): the toast's Dismiss
  // takes the toast away and leaves the dialog open.
  const dialogs = await page.getByRole('dialog').count();
  await toast.getByRole('button', { name: text(lang, 'portal', 'Toast.Dismiss') }).click();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(dialogs);
}
