import { readFileSync } from 'node:fs';
import { request } from 'node:https';

/**
 * A fetch for one origin served with our own certificate: it trusts that certificate file (and
 * nothing is turned off globally), so the services can read the identity provider's keys.
 */
export function fetchTrusting(caCertPath: string) {
  const ca = readFileSync(caCertPath);
  return (url: string | URL, init: { headers?: Headers | Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> =>
    new Promise((resolve, reject) => {
      const headers = init.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : init.headers;
      const req = request(url, { method: 'GET', ca, headers, signal: init.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
}
