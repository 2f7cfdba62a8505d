import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';
import type { PortalConfig } from '../clients/config';
import { loginScopes } from './msal';
import { clearSessionMark } from './session-mark';

/** Why the learner is sent to sign in again, as the identity provider's sign-in page names it (`signin_notice`). */
export type SignInNotice = 'email_changed';

const NEXT_SIGN_IN_KEY = 'portal.nextSignIn';

/**
 * Asks the next sign-in (after the sign-out that follows) to say why on the provider's page and to
 * offer an address (the OpenID Connect login hint): after an e-mail change, the new address. Kept in
 * this tab's session storage across the provider's round trip, and used once.
 */
export function prepareNextSignIn(notice: SignInNotice, loginHint: string, storage: Storage = sessionStorage): void {
  storage.setItem(NEXT_SIGN_IN_KEY, JSON.stringify({ notice, loginHint }));
}

function takeNextSignIn(storage: Storage): { notice?: SignInNotice; loginHint?: string } {
  const stored = storage.getItem(NEXT_SIGN_IN_KEY);
  storage.removeItem(NEXT_SIGN_IN_KEY);
  try {
    const parsed = JSON.parse(stored ?? 'null') as { notice?: unknown; loginHint?: unknown } | null;
    return {
      ...(parsed?.notice === 'email_changed' ? { notice: parsed.notice } : {}),
      ...(typeof parsed?.loginHint === 'string' && parsed.loginHint ? { loginHint: parsed.loginHint } : {}),
    };
  } catch {
    return {};
  }
}

export function signInRedirect(msal: IPublicClientApplication, config: PortalConfig, lang: string, storage: Storage = sessionStorage): Promise<void> {
  const next = takeNextSignIn(storage);
  clearSessionMark(storage);
  return msal.loginRedirect({
    scopes: loginScopes(config),
    ...(next.loginHint ? { loginHint: next.loginHint } : {}),
    // The provider's sign-in page follows the portal's language, and says why when there is a reason.
    extraQueryParameters: { ui_locales: lang, ...(next.notice ? { signin_notice: next.notice } : {}) },
  });
}

/**
 * Completes a redirect sign-in if one is under way and returns the signed-in account, or starts the
 * redirect and returns null (the page is leaving). A failed sign-in starts a new one.
 */
export async function ensureSignedIn(msal: IPublicClientApplication, config: PortalConfig, lang: string): Promise<AccountInfo | null> {
  await msal.initialize();
  try {
    const result = await msal.handleRedirectPromise();
    if (result?.account) msal.setActiveAccount(result.account);
  } catch (error) {
    console.error('[auth] sign-in failed', error);
    await signInRedirect(msal, config, lang);
    return null;
  }
  const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
  if (!account) {
    await signInRedirect(msal, config, lang);
    return null;
  }
  msal.setActiveAccount(account);
  return account;
}
