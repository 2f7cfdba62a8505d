// @vitest-environment jsdom
import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';
import { describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from '../../../src/portal/clients/config';
import { accountIdFrom } from '../../../src/portal/auth/account-id';
import { msalConfiguration } from '../../../src/portal/auth/msal';
import { prepareNextSignIn, signInRedirect } from '../../../src/portal/auth/sign-in';
import { signOut, takeAfterLogoutTarget } from '../../../src/portal/auth/sign-out';

const config = {
  authority: 'https://localhost:4443',
  clientId: 'portal',
  scopes: ['openid', 'profile', 'email'],
  apiScopes: [],
} as unknown as PortalConfig;

const account = { homeAccountId: 'h', idToken: 'id.token.value', idTokenClaims: { sub: 's1', id: 'acc-1' } } as unknown as AccountInfo;

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('MSAL configuration (docs/authentication.md)', () => {
  it('uses OIDC protocol mode under system, the provider as known authority and no offline_access', () => {
    const built = msalConfiguration(config, 'http://localhost:4302');
    expect(built.system?.protocolMode).toBe('OIDC');
    expect(built.auth.knownAuthorities).toEqual(['localhost:4443']);
    expect(built.auth.OIDCOptions?.defaultScopes).toEqual(['openid', 'profile']);
    expect(built.auth.redirectUri).toBe('http://localhost:4302/');
    expect(built.cache?.cacheLocation).toBe('sessionStorage');
  });

  it('hands MSAL the provider metadata from the configuration when the services sent it', () => {
    expect(msalConfiguration(config, 'http://localhost:4302').auth.authorityMetadata).toBeUndefined();
    const metadata = { issuer: 'https://localhost:4443', authorization_endpoint: 'https://localhost:4443/auth' };
    const built = msalConfiguration({ ...config, authorityMetadata: metadata }, 'http://localhost:4302');
    expect(JSON.parse(built.auth.authorityMetadata!)).toEqual(metadata);
  });
});

describe('account id', () => {
  it('comes from the id claim of the ID token, else of the access token, else the subject', () => {
    expect(accountIdFrom(account)).toBe('acc-1');
    const withoutId = { ...account, idTokenClaims: { sub: 's1' } } as unknown as AccountInfo;
    expect(accountIdFrom(withoutId, jwt({ id: 'acc-2' }))).toBe('acc-2');
    expect(accountIdFrom(withoutId, 'opaque-token')).toBe('s1');
  });
});

describe('sign-out', () => {
  const fakeMsal = () =>
    ({
      getActiveAccount: () => account,
      getAllAccounts: () => [account],
      logoutRedirect: vi.fn(async () => undefined),
    }) as unknown as IPublicClientApplication & { logoutRedirect: ReturnType<typeof vi.fn> };

  it('names the portal (client_id and id_token_hint) so the provider honours the return address', async () => {
    const msal = fakeMsal();
    await signOut(msal, config, 'http://localhost:4302/', 'http://localhost:4302');
    expect(msal.logoutRedirect).toHaveBeenCalledWith(
      expect.objectContaining({
        idTokenHint: 'id.token.value',
        postLogoutRedirectUri: 'http://localhost:4302/',
        extraQueryParameters: { client_id: 'portal' },
      }),
    );
  });

  it('comes back through /logout/done for any other target, which is then followed once', async () => {
    const msal = fakeMsal();
    await signOut(msal, config, 'http://localhost:4302/home?ui_locales=ja', 'http://localhost:4302');
    expect(msal.logoutRedirect).toHaveBeenCalledWith(expect.objectContaining({ postLogoutRedirectUri: 'http://localhost:4302/logout/done' }));
    expect(takeAfterLogoutTarget()).toBe('http://localhost:4302/home?ui_locales=ja');
    expect(takeAfterLogoutTarget()).toBe('/');
  });
});

describe('signing in again after an e-mail change', () => {
  it('asks the next sign-in, once, to say why and to offer the new address', async () => {
    const loginRedirect = vi.fn(async () => undefined);
    const msal = { loginRedirect } as unknown as IPublicClientApplication;
    prepareNextSignIn('email_changed', 'new.address@example.com', sessionStorage);
    await signInRedirect(msal, config as PortalConfig, 'ja', sessionStorage);
    expect(loginRedirect).toHaveBeenLastCalledWith(
      expect.objectContaining({ loginHint: 'new.address@example.com', extraQueryParameters: { ui_locales: 'ja', signin_notice: 'email_changed' } }),
    );
    await signInRedirect(msal, config as PortalConfig, 'ja', sessionStorage);
    expect(loginRedirect).toHaveBeenLastCalledWith(expect.not.objectContaining({ loginHint: expect.anything() }));
    expect(loginRedirect).toHaveBeenLastCalledWith(expect.objectContaining({ extraQueryParameters: { ui_locales: 'ja' } }));
  });
});
