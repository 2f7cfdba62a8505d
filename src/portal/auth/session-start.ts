/*
 * Sign-in at start-up, with MSAL: a chunk of its own that start-up (src/portal/app/boot.tsx) asks
 * for at once and awaits only where it needs the session, so the shell and the page's heading can
 * paint while MSAL loads and settles.
 */
import type { PortalConfig } from '../clients/config';
import type { Session } from '../clients/session';
import { resolveReturnTo } from '../ui/links/return-to';
import { accountIdFrom } from './account-id';
import type { AuthApi } from './auth-context';
import { createMsal } from './msal';
import { markSession } from './session-mark';
import { ensureSignedIn } from './sign-in';
import { signOut } from './sign-out';
import { createTokenSource } from './tokens';

export interface StartedSession {
  session: Session;
  auth: AuthApi;
  /** The bearer for the services, renewed silently (or a new sign-in when it cannot be). */
  getToken: () => Promise<string>;
}

const emailOf = (claims: object | undefined): string | undefined => {
  const email = (claims as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

function authOf(config: PortalConfig, origin: string) {
  const msal = createMsal(config, origin);
  const signOutTo = (target: string) => signOut(msal, config, new URL(resolveReturnTo(target, config.redirectWhitelist, origin), origin).toString(), origin);
  return { msal, signOutTo };
}

/**
 * Completes a sign-in coming back from the identity provider, or finds the session this tab has:
 * the session once MSAL has validated it, or null when the browser is on its way to the provider.
 */
export async function startSession(config: PortalConfig, origin: string, lang: () => string): Promise<StartedSession | null> {
  const auth = authOf(config, origin);
  const account = await ensureSignedIn(auth.msal, config, lang());
  if (!account) return null;
  const getToken = createTokenSource(auth.msal, config, lang);
  const accountId = accountIdFrom(account, await getToken());
  if (!accountId) throw new Error('The token carries no account id');
  markSession();
  return {
    session: { accountId, name: account.name, username: account.username, email: emailOf(account.idTokenClaims) ?? account.username },
    auth,
    getToken,
  };
}

/** /logout?redirectUrl=… opened directly: signs out without first asking to sign in. */
export async function signOutAtStart(config: PortalConfig, origin: string, target: string): Promise<void> {
  const { msal, signOutTo } = authOf(config, origin);
  await msal.initialize();
  await msal.handleRedirectPromise().catch(() => null);
  await signOutTo(target);
}
