// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../../src/portal/clients/client';
import { entitlementKeys } from '../../../src/portal/clients/entitlements';
import { RedeemLauncher } from '../../../src/portal/features/redemption/components/redeem-launcher';
import { sha256Hex } from '../../../src/portal/features/redemption/password-hash';
import { fakeApi, pageHarness, storedProfile } from './support';

afterEach(cleanup);

const linkedProfile = () => storedProfile({ externalIds: { certMaster: 'cm-1' } });

async function openDialog(answer: Parameters<typeof fakeApi>[0], profile = linkedProfile()) {
  const calls = fakeApi(answer);
  const harness = pageHarness(<RedeemLauncher />, { profile, path: '/home' });
  render(harness.ui);
  await userEvent.click(screen.getByRole('button', { name: 'Redeem access key' }));
  // The dialog and the form's schema load on first use.
  const dialog = await screen.findByRole('dialog', { name: 'Redeem Access Key' }, { timeout: 5000 });
  await within(dialog).findByLabelText(/Access key/, undefined, { timeout: 5000 });
  return { calls, dialog, ...harness };
}

const typeKey = async (key: string) => {
  await userEvent.type(screen.getByLabelText(/Access key/), key);
  await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
};

describe('redemption dialog', () => {
  it('keeps Redeem disabled until the key is edited, then redeems and refreshes the entitlements', async () => {
    const { calls, queryClient } = await openDialog((call) => {
      if (call.url.includes('/is-valid')) return { body: { isValid: true } };
      if (call.url.endsWith('/certmaster-platform'))
        return { body: { redemptionStatus: 0, activatedProducts: [{ title: 'Course A', vendorProductCode: 'A' }] } };
      return { body: [] };
    });
    queryClient.setQueryData(entitlementKeys.ofProfile('profile-1'), []);
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeDisabled();
    await typeKey('KEY-A');
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByRole('listitem')).toHaveTextContent('Course A');
    const redeem = calls.find((c) => c.url.endsWith('/certmaster-platform'))!;
    expect(redeem.method).toBe('POST');
    expect(redeem.body).toEqual({ accessKey: 'KEY-A', userId: 'profile-1' });
    expect(calls.find((c) => c.url.includes('/is-valid'))!.url).toBe('/api/redemptions/certmaster-platform/access-key/KEY-A/is-valid');
    await waitFor(() => expect(queryClient.getQueryState(entitlementKeys.ofProfile('profile-1'))?.isInvalidated ?? true).toBeTruthy());
  });

  it('encodes the key in paths, so a hostile key cannot name another route', async () => {
    const { calls } = await openDialog((call) => (call.url.includes('/is-valid') ? { body: { isValid: false } } : undefined));
    await typeKey('../../profiles/x?y=1#z');
    await screen.findByText(/This access key is not valid/);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/redemptions/certmaster-platform/access-key/..%2F..%2Fprofiles%2Fx%3Fy%3D1%23z/is-valid',
      `/api/vendors/cmp/..%2F..%2Fprofiles%2Fx%3Fy%3D1%23z?cmpId=profile-1`,
    ]);
  });

  it('a failed call shows the generic toast and keeps the modal and the typed key', async () => {
    await openDialog((call) => (call.url.includes('/is-valid') ? { status: 500, body: { message: 'bug', statusCode: 500 } } : undefined));
    await typeKey('KEY-B');
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Redeem Access Key' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Access key/)).toHaveValue('KEY-B');
  });

  it('a 503 says the service is temporarily unavailable, and keeps the modal and the typed key', async () => {
    await openDialog((call) => (call.url.includes('/is-valid') ? { status: 503, body: { message: 'down', statusCode: 503 } } : undefined));
    await typeKey('KEY-C');
    expect(await screen.findByText('The service is temporarily unavailable. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Redeem Access Key' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Access key/)).toHaveValue('KEY-C');
  });

  it('cannot be closed while a call is in flight, and shows the spinner', async () => {
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    const urls: string[] = [];
    await openDialog(() => undefined);
    // From here on, a fetch that waits until the test releases it.
    configureApi({
      config: { services: { identity: '', entitlements: '', vendors: '' }, functionKey: 'k', functionKeyHeader: 'x-functions-key' },
      getToken: async () => 't',
      fetchImpl: (async (input: RequestInfo | URL) => {
        urls.push(String(input));
        await pending;
        const [status, body] = String(input).includes('/is-valid') ? [200, { isValid: false }] : [404, { message: 'none', statusCode: 404 }];
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch,
    });
    await typeKey('KEY-C');
    await waitFor(() => expect(urls).toHaveLength(1));
    const submit = screen.getByRole('button', { name: /Redeem/ });
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(within(submit).getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Redeem Access Key' })).toBeInTheDocument();
    release();
    expect(await screen.findByText(/This access key is not valid/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Redeem access key' })).toHaveFocus();
  });

  it('links a legacy account with the SHA-256 of the password, never the password', async () => {
    const { calls } = await openDialog((call) => {
      if (call.url.includes('/is-valid')) return { body: { isValid: true } };
      if (call.url.includes('/certmaster-platform/email/')) return { body: { doesExist: true } };
      if (call.url.endsWith('/link-certmaster')) return { body: 'LoginFailed' };
      return undefined;
    }, storedProfile());
    await typeKey('KEY-D');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect my unlinked account' }));
    await userEvent.type(await screen.findByLabelText('Login'), 'legacy.learner');
    await userEvent.type(screen.getByLabelText('Password'), 'LegacyPass2026');
    await userEvent.click(screen.getByRole('button', { name: 'Connect account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The login or password is not correct');
    expect(screen.getByLabelText('Login')).toHaveAttribute('aria-invalid', 'true');
    const link = calls.find((c) => c.url.endsWith('/link-certmaster'))!;
    expect(link.url).toBe('/api/accounts/account-1/link-certmaster');
    expect(link.body).toEqual({ login: 'legacy.learner', phash: await sha256Hex('LegacyPass2026'), email: 'learner@example.com' });
    expect(JSON.stringify(calls)).not.toContain('LegacyPass2026');
  });
});

describe('password hash', () => {
  it('is the lower-case hex SHA-256 (a known vector)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
