import type { IPublicClientApplication } from '@azure/msal-browser';
import type { PortalConfig } from '../clients/config';
import { clearAllDrafts } from './drafts';
import { clearSessionMark } from './session-mark';

/** Where the user goes after the provider's sign-out, kept across the provider's round trip. */
const AFTER_LOGOUT_KEY = 'portal.afterLogout';
export const LOGOUT_DONE_PATH = '/logout/done';

/**
 * Signs out at the provider and comes back to `target` (an absolute URL already checked by the
 * caller). The provider accepts only registered return addresses, so any target other than the
 * portal root comes back through /logout/done.
 */
let signingOut = false;

/** True once a sign-out has begun: the page is leaving for the provider and must not sign in again. */
export function isSigningOut(): boolean {
  return signingOut;
}

export async function signOut(msal: IPublicClientApplication, config: PortalConfig, target: string, origin = window.location.origin): Promise<void> {
  signingOut = true;
  clearAllDrafts();
  clearSessionMark();
  const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
  if (!account) {
    window.location.replace(target);
    return;
  }
  const root = `${origin}/`;
  let postLogoutRedirectUri = root;
  if (target !== root) {
    sessionStorage.setItem(AFTER_LOGOUT_KEY, target);
    postLogoutRedirectUri = `${origin}${LOGOUT_DONE_PATH}`;
  }
  // Without client_id or id_token_hint the provider ignores post_logout_redirect_uri.
  await msal.logoutRedirect({
    account,
    idTokenHint: account.idToken,
    postLogoutRedirectUri,
    extraQueryParameters: { client_id: config.clientId },
  });
}

/** On /logout/done: the target stored before signing out, once. */
export function takeAfterLogoutTarget(): string {
  const target = sessionStorage.getItem(AFTER_LOGOUT_KEY);
  sessionStorage.removeItem(AFTER_LOGOUT_KEY);
  return target ?? '/';
}
