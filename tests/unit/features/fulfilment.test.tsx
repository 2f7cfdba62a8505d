// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../../src/portal/clients/config';
import { AddressEditorProvider } from '../../../src/portal/features/fulfilment/address-editor';
import { AddressBanner } from '../../../src/portal/features/fulfilment/components/address-banner';
import { type Call, fakeApi, pageHarness, storedProfile } from './support';

afterEach(cleanup);

const ITEMS = [
  { id: 'f-1', item: 'Security Essentials', kind: 'printedCertificate', status: 'pending', createdAt: '2026-03-05T14:07:00.000Z' },
  { id: 'f-2', item: 'Exam voucher card', status: 'pending', createdAt: '2026-03-06T09:30:00.000Z' },
];
const ADDRESS = { address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'USA', postalCode: '62701' };

interface Setup {
  pending?: typeof ITEMS;
  verify?: (call: Call) => { status?: number; body?: unknown };
  release?: (call: Call) => { status?: number; body?: unknown };
  lang?: 'en' | 'ja';
  config?: Partial<PortalConfig>;
}

function setup({ pending = ITEMS, verify, release, lang, config }: Setup = {}) {
  let remaining = pending;
  const calls = fakeApi((call) => {
    if (call.url.endsWith('/pendingfulfillments')) return { body: { hasPendingFulfillments: remaining.length > 0, fulfillments: remaining } };
    if (call.url.endsWith('/verifyaddress'))
      return verify?.(call) ?? { body: { isValid: true, address: { ...(call.body as { address: object }).address, postalCode: '62701-0001' } } };
    if (call.url.endsWith('/releasefulfillments')) {
      const answer = release?.(call) ?? { body: { released: remaining.length } };
      if ((answer.status ?? 200) < 400) remaining = [];
      return answer;
    }
    return undefined;
  });
  const profile = storedProfile({ primaryAddress: ADDRESS });
  const harness = pageHarness(
    <AddressEditorProvider>
      <AddressBanner />
    </AddressEditorProvider>,
    { profile, path: '/home', lang, config },
  );
  render(harness.ui);
  return calls;
}

const user = () => userEvent.setup();
async function openModal() {
  await user().click(await screen.findByRole('button', { name: 'Verify address' }));
  // The modal's code loads on first use.
  return screen.findByRole('dialog', { name: 'Verify your shipping address' }, { timeout: 8000 });
}
const submit = async (dialog: HTMLElement) => user().click(await within(dialog).findByRole('button', { name: 'Verify and ship' }));

describe('address-verification banner', () => {
  it('shows nothing while nothing is pending', async () => {
    const calls = setup({ pending: [] });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/pendingfulfillments'))).toBe(true));
    expect(screen.queryByTestId('address-banner')).toBeNull();
  });

  it('lists the pending items with the date-time of each, the kind named in the language, an item of no kind as it is', async () => {
    setup();
    const banner = await screen.findByTestId('address-banner');
    expect(within(banner).getByRole('heading', { name: '2 items are waiting to be shipped to you' })).toBeTruthy();
    expect(banner.textContent).toContain('Printed certificate: Security Essentials');
    expect(banner.textContent).toContain('Exam voucher card');
    expect(banner.textContent).toMatch(/ordered 2026-MAR-0[56] \d{2}:\d{2} (AM|PM)/);
  });

  it('speaks Japanese', async () => {
    setup({ lang: 'ja' });
    expect(await screen.findByRole('heading', { name: '発送待ちのアイテムが 2 件あります' })).toBeTruthy();
    expect(screen.getByTestId('address-banner').textContent).toContain('印刷された認定証: Security Essentials');
    expect(screen.getByRole('button', { name: '住所を確認' })).toBeTruthy();
  });

  it('verifies, then releases to the verified address; the toast shows and the banner goes', async () => {
    const calls = setup();
    const dialog = await openModal();
    const line1 = await within(dialog).findByLabelText(/Address line 1/);
    expect((line1 as HTMLInputElement).value).toBe('1 Main St');
    await user().clear(line1);
    await user().type(line1, '42 Parcel Lane');
    await submit(dialog);
    expect(await screen.findByText('Your address has been updated.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('address-banner')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    const verify = calls.find((c) => c.url.endsWith('/verifyaddress'));
    const release = calls.find((c) => c.url.endsWith('/releasefulfillments'));
    expect(verify?.url).toBe('/api/vendors/certmetrics/verifyaddress');
    expect(verify?.body).toEqual({ profileId: 'profile-1', address: { ...ADDRESS, address1: '42 Parcel Lane' } });
    expect(release?.url).toBe('/api/vendors/certmetrics/releasefulfillments');
    expect((release?.body as { address: { postalCode: string } }).address.postalCode).toBe('62701-0001');
    expect(calls.indexOf(verify as Call)).toBeLessThan(calls.indexOf(release as Call));
  });

  it("a refused verify shows the service's message at the field only (no toast), keeps the input and releases nothing", async () => {
    const calls = setup({
      verify: () => ({ status: 400, body: { statusCode: 400, message: 'Invalid', errors: [{ path: '/address/city', key: 'Validation.InvalidCity' }] } }),
    });
    const dialog = await openModal();
    const city = await within(dialog).findByLabelText(/City/);
    await user().clear(city);
    await user().type(city, 'Springfield Heights');
    await submit(dialog);
    expect(await within(dialog).findByText('Invalid city')).toBeTruthy();
    expect((within(dialog).getByLabelText(/City/) as HTMLInputElement).value).toBe('Springfield Heights');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('An unexpected error ocurred. Please try again later.')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/releasefulfillments'))).toBe(false);
    expect(screen.getByTestId('address-banner')).toBeTruthy();
  });

  it('a failed release shows the toast and leaves the modal as it was', async () => {
    setup({ release: () => ({ status: 500, body: { statusCode: 500, message: 'Unavailable' } }) });
    const dialog = await openModal();
    const line2 = await within(dialog).findByLabelText(/Address line 2/);
    await user().type(line2, 'Unit 7');
    await submit(dialog);
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect((within(dialog).getByLabelText(/Address line 2/) as HTMLInputElement).value).toBe('Unit 7');
    expect(screen.getByTestId('address-banner')).toBeTruthy();
  });

  it('uses the sierra routes for pending items and release when the services say so', async () => {
    const calls = setup({ config: { fulfilmentSource: 'sierra' } });
    await submit(await openModal());
    await screen.findByText('Your address has been updated.');
    const urls = calls.map((c) => c.url);
    expect(urls).toContain('/api/vendors/sierra/profile-1/pendingfulfillments');
    expect(urls).toContain('/api/vendors/sierra/releasefulfillments');
    expect(urls).toContain('/api/vendors/certmetrics/verifyaddress');
    expect(urls.some((u) => u.includes('/certmetrics/profile-1/pendingfulfillments'))).toBe(false);
  });
});
