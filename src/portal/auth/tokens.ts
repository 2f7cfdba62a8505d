import type { AuthenticationResult, IPublicClientApplication } from '@azure/msal-browser';
import type { PortalConfig } from '../clients/config';
import { SessionEndedError } from '../clients/errors';
import { keepingDrafts } from './drafts';
import { apiScopes } from './msal';
import { signInRedirect } from './sign-in';
import { isSigningOut } from './sign-out';

/** Seconds before expiry at which a cached ID token is no longer handed out. */
export const ID_TOKEN_MIN_LIFETIME_SECONDS = 60;

/**
 * MSAL's cache lookup checks the access token's expiry only, so a cached ID token can be stale
 * while the access token is fresh.
 */
export function idTokenNeedsRefresh(result: Pick<AuthenticationResult, 'idTokenClaims'>, nowMs: number): boolean {
  const exp = (result.idTokenClaims as { exp?: number } | undefined)?.exp;
  return typeof exp !== 'number' || exp * 1000 - nowMs < ID_TOKEN_MIN_LIFETIME_SECONDS * 1000;
}

export function bearerFrom(result: AuthenticationResult, which: PortalConfig['bearerToken']): string {
  return which === 'id' ? result.idToken : result.accessToken;
}

/** A getToken for the API client: the bearer of config.bearerToken, renewed silently. */
export function createTokenSource(msal: IPublicClientApplication, config: PortalConfig, lang: () => string) {
  return async function getToken(): Promise<string> {
    const account = msal.getActiveAccount();
    try {
      if (!account) throw new Error('No signed-in account');
      const request = { scopes: apiScopes(config), account };
      let result = await msal.acquireTokenSilent(request);
      if (config.bearerToken === 'id' && idTokenNeedsRefresh(result, Date.now())) {
        result = await msal.acquireTokenSilent({ ...request, forceRefresh: true });
      }
      return bearerFrom(result, config.bearerToken);
    } catch (error) {
      // Signing out empties the cache: a call still in flight then fails here, and a sign-in started
      // now would cut the provider's sign-out short (the provider session would stay).
      if (isSigningOut()) throw error;
      // docs/authentication.md: a failed token acquisition clears local storage and signs in again.
      // What a form was sending waits for the sign-in that follows (auth/drafts.ts).
      await keepingDrafts(() => msal.clearCache());
      localStorage.clear();
      await signInRedirect(msal, config, lang());
      throw new SessionEndedError(error);
    }
  };
}
