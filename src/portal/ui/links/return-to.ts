/**
 * The target of a return or go-back link: the returnto value only when it stays in the portal or
 * its host is on the redirect whitelist; otherwise the portal root.
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
  if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
  const host = url.host.toLowerCase();
  return whitelist.some((entry) => entry.trim().toLowerCase() === host) ? url.toString() : '/';
}

/** Absolute URLs leave the portal (new tab); relative ones stay in the app. */
export function isAbsoluteUrl(href: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(href) || href.startsWith('//');
}
