/*
 * Whether this tab has had a session MSAL validated: the only thing start-up reads before MSAL has
 * loaded (src/portal/app/boot.tsx). With the mark, the shell and the page's heading paint at once
 * while MSAL loads and validates the session; without it (a signed-out visitor, a new tab) nothing
 * but the index page's text-free outline shows until the browser leaves for the identity provider.
 * The mark is a bare flag: it holds no token, no account and nothing personal, and it grants nothing
 * (every call still waits for the token MSAL gives). It is set once MSAL has validated a session,
 * and removed before the browser leaves to sign in or to sign out.
 */
const SESSION_MARK = 'portal.session';

export function markSession(storage: Storage = sessionStorage): void {
  storage.setItem(SESSION_MARK, '1');
}

export function clearSessionMark(storage: Storage = sessionStorage): void {
  storage.removeItem(SESSION_MARK);
}

export function sessionMarked(storage: Storage = sessionStorage): boolean {
  return storage.getItem(SESSION_MARK) === '1';
}
