import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';

/**
 * A fetch that trusts one more certificate authority, our own (nothing is turned off globally), so
 * the services can read the identity provider's keys over TLS: undici's fetch with an Agent that
 * carries the CA.
 */
export function fetchTrusting(caCertPath: string) {
  const dispatcher = new Agent({ connect: { ca: readFileSync(caCertPath) } });
  return (url: string | URL, init: { headers?: Headers | Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> =>
    fetch(url, {
      headers: init.headers instanceof Headers ? Object.fromEntries(init.headers) : init.headers,
      signal: init.signal,
      dispatcher,
    }) as unknown as Promise<Response>;
}
