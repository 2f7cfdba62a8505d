// @vitest-environment jsdom
import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import { describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from '../../../src/portal/clients/config';
import { signOut } from '../../../src/portal/auth/sign-out';
import { createTokenSource, idTokenNeedsRefresh } from '../../../src/portal/auth/tokens';
import { SessionEndedError } from '../../../src/portal/clients/errors';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const config = { scopes: ['openid', 'profile'], apiScopes: ['api'], bearerToken: 'access' } as unknown as PortalConfig;

const result = (exp: number, token = 'at', id = 'idt') => ({ accessToken: token, idToken: id, idTokenClaims: { exp } }) as unknown as AuthenticationResult;

function fakeMsal(overrides: Partial<IPublicClientApplication>) {
  return {
    getActiveAccount: () => ({ homeAccountId: 'h' }),
    acquireTokenSilent: vi.fn(),
    clearCache: vi.fn(async () => undefined),
    loginRedirect: vi.fn(async () => undefined),
    ...overrides,
  } as unknown as IPublicClientApplication;
}

describe('bearer token', () => {
  it('treats an ID token expiring within a minute as stale', () => {
    expect(idTokenNeedsRefresh(result(now / 1000 + 30), now)).toBe(true);
    expect(idTokenNeedsRefresh(result(now / 1000 + 600), now)).toBe(false);
    expect(idTokenNeedsRefresh({ idTokenClaims: {} } as AuthenticationResult, now)).toBe(true);
  });

  it('sends the access token by default', async () => {
    const acquireTokenSilent = vi.fn(async () => result(0, 'access-1'));
    const getToken = createTokenSource(fakeMsal({ acquireTokenSilent }), config, () => 'en');
    await expect(getToken()).resolves.toBe('access-1');
    expect(acquireTokenSilent).toHaveBeenCalledWith(expect.objectContaining({ scopes: ['api'] }));
  });

  it('sends a fresh ID token when configured so, forcing a refresh of a stale one', async () => {
    const stale = result(Date.now() / 1000 + 10, 'a', 'old-id');
    const fresh = result(Date.now() / 1000 + 3600, 'a', 'new-id');
    const acquireTokenSilent = vi.fn().mockResolvedValueOnce(stale).mockResolvedValueOnce(fresh);
    const getToken = createTokenSource(fakeMsal({ acquireTokenSilent }), { ...config, bearerToken: 'id' }, () => 'en');
    await expect(getToken()).resolves.toBe('new-id');
    expect(acquireTokenSilent.mock.calls[1]![0]).toMatchObject({ forceRefresh: true });
  });

  it('on failure clears the cache and local storage and signs in again in the UI language', async () => {
    localStorage.setItem('left-over', '1');
    const msal = fakeMsal({ acquireTokenSilent: vi.fn(async () => Promise.reject(new Error('interaction_required'))) });
    const getToken = createTokenSource(msal, config, () => 'ja');
    const thrown = await getToken().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(SessionEndedError);
    expect((thrown as Error).cause).toEqual(expect.objectContaining({ message: expect.stringContaining('interaction_required') }));
    expect(msal.clearCache).toHaveBeenCalled();
    expect(localStorage.getItem('left-over')).toBeNull();
    expect(msal.loginRedirect).toHaveBeenCalledWith(expect.objectContaining({ extraQueryParameters: { ui_locales: 'ja' } }));
  });

  it('does not sign in again while a sign-out is under way (a call in flight fails quietly)', async () => {
    const msal = fakeMsal({
      acquireTokenSilent: vi.fn(async () => Promise.reject(new Error('no_account_error'))),
      logoutRedirect: vi.fn(async () => undefined),
    });
    await signOut(msal, { ...config, clientId: 'portal' } as PortalConfig, 'http://localhost/', 'http://localhost');
    const getToken = createTokenSource(msal, config, () => 'en');
    await expect(getToken()).rejects.toThrow('no_account_error');
    expect(msal.loginRedirect).not.toHaveBeenCalled();
    expect(msal.clearCache).not.toHaveBeenCalled();
  });
});
