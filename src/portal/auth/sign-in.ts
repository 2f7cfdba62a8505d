import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';
import type { PortalConfig } from '../clients/config';
import { loginScopes } from './msal';

export function signInRedirect(msal: IPublicClientApplication, config: PortalConfig, lang: string): Promise<void> {
  return msal.loginRedirect({
    scopes: loginScopes(config),
    // The provider's sign-in page follows the portal's language.
    extraQueryParameters: { ui_locales: lang },
  });
}

/**
 * Completes a redirect sign-in if one is under way and returns the signed-in account, or starts the
 * redirect and returns null (the page is leaving). A failed sign-in starts a new one.
 */
export async function ensureSignedIn(
  msal: IPublicClientApplication,
  config: PortalConfig,
  lang: string,
): Promise<AccountInfo | null> {
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
