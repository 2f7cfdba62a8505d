/**
 * The target of a return, go-back or after-sign-out link (docs/behaviour.md#screens-and-routes: `returnto`,
 * `redirectUrl`): decided by the URL parser against the portal's origin, never by matching text.
 *
 * - The portal itself: a path that cannot be read as another host. `/.//evil.example` and
 *   `/\evil.example` parse to the path `//evil.example`, which a browser or router would follow to
 *   evil.example; leading slashes are collapsed to one.
 * - A host on the redirect whitelist (compared as parsed host and port), over http or https: the
 *   absolute URL.
 * - Anything else (other hosts and schemes, userinfo tricks, unparsable input): the portal root.
 */
export function resolveReturnTo(value: string | null | undefined, whitelist: readonly string[], origin: string): string {
  if (!value) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '/';
  if (url.origin === new URL(origin).origin) return `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}${url.hash}`;
  if (url.username || url.password) return '/';
  const allowed = whitelist.some((entry) => {
    try {
      return new URL(`https://${entry.trim()}`).host === url.host;
    } catch {
      return false;
    }
  });
  return allowed ? url.href : '/';
}

/** Absolute URLs leave the portal (new tab or full navigation); paths stay in the app. */
export function isAbsoluteUrl(href: string): boolean {
  try {
    new URL(href);
    return true;
  } catch {
    return href.startsWith('//');
  }
}
