/*
 * One fetch client for the three services (identity, entitlements, vendors). Every call carries the
 * bearer token and the function key header; the base URL of each service comes from the config.
 *
 * Use (in an endpoint file: src/portal/clients/ for what several features share, e.g. cmp-role.ts;
 * features/<feature>/api/ for the rest, e.g. features/profile/api/patch-profile.ts):
 *   import { request, requestWithHeaders } from '../../../clients/client';
 *   export const fetchCmpRole = (id: string) => request<CmpRole>('identity', `/api/profiles/${id}/cmp/role`);
 *   await request<Profile>('identity', `/api/profiles/${id}`, { method: 'PATCH', body: patch,
 *     headers: { 'if-match': etag } });                  // a non-string body is sent as JSON
 *   const { data, headers } = await requestWithHeaders<Profile>('identity', path);  // when headers matter
 *
 * configureApi() is called once at start-up (src/portal/app/boot.tsx); unit tests call it with doubles.
 */
import type { PortalConfig, ServiceName } from './config';
import { NetworkError, reportApiError, toApiError } from './errors';
import { observeRulesVersion } from './rules-version';

export interface ApiSetup {
  config: Pick<PortalConfig, 'services' | 'functionKey' | 'functionKeyHeader' | 'formActivity'>;
  getToken: () => Promise<string>;
  fetchImpl?: typeof fetch;
  /** Sees the headers of every answer (the texts version each carries, docs/texts.md#live-texts). */
  onHeaders?: (headers: Headers) => void;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** A string or FormData is sent as is; anything else as JSON. */
  body?: unknown;
}

let setup: ApiSetup | null = null;
/** The bearer token of the last call, for a page being left (sendWhileLeaving). */
let lastBearer: string | undefined;

export function configureApi(next: ApiSetup): void {
  setup = next;
  lastBearer = undefined;
}

/** The configuration the client was set up with; null before configureApi (the gallery never calls it). */
export function apiConfig(): ApiSetup['config'] | null {
  return setup?.config ?? null;
}

function serviceUrl(current: ApiSetup, service: ServiceName, path: string): string {
  const base = (current.config.services[service] ?? '').replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

function baseHeaders(current: ApiSetup): Headers {
  const headers = new Headers();
  headers.set('accept', 'application/json');
  headers.set(current.config.functionKeyHeader, current.config.functionKey);
  return headers;
}

/**
 * A JSON POST for a page being left (pagehide, hidden): sent at once with `keepalive`, so the browser
 * finishes it after the page is gone, carrying the bearer token of the last call, since getting a
 * token may not finish before the page does (sendBeacon could not carry the token at all). Answers
 * false, sending nothing, before any call has had a token. A failure is not reported: nobody is
 * left to read it.
 */
export function sendWhileLeaving(service: ServiceName, path: string, body: unknown): boolean {
  if (!setup || !lastBearer) return false;
  const headers = baseHeaders(setup);
  headers.set('content-type', 'application/json');
  headers.set('authorization', `Bearer ${lastBearer}`);
  (setup.fetchImpl ?? fetch)(serviceUrl(setup, service, path), { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
  return true;
}

export async function requestWithHeaders<T>(
  service: ServiceName,
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers; status: number }> {
  const { text, headers, status } = await send(service, path, options);
  return { data: (text ? JSON.parse(text) : undefined) as T, headers, status };
}

/** A call whose answer is a file rather than JSON (an exchange file): its text. */
export async function requestText(service: ServiceName, path: string, options: RequestOptions = {}): Promise<string> {
  return (await send(service, path, options)).text;
}

async function send(service: ServiceName, path: string, options: RequestOptions): Promise<{ text: string; headers: Headers; status: number }> {
  if (!setup) throw new Error('configureApi() has not been called');
  const current = setup;
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers(options.headers);
  baseHeaders(current).forEach((value, name) => headers.set(name, value));
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || options.body instanceof FormData) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
  }
  try {
    const bearer = await current.getToken();
    if (setup === current) lastBearer = bearer;
    headers.set('authorization', `Bearer ${bearer}`);
    const response = await (current.fetchImpl ?? fetch)(serviceUrl(current, service, path), {
      ...options,
      method,
      headers,
      body,
    }).catch((error: unknown) => {
      // fetch rejects with a TypeError when no answer came (offline, cut, timed out); an abort is the caller's.
      throw error instanceof TypeError ? new NetworkError(error) : error;
    });
    current.onHeaders?.(response.headers);
    // Which rules the services validate with: a new version reaches the forms at this answer.
    observeRulesVersion(response.headers.get('x-rules-version'));
    if (!response.ok) throw await toApiError(response);
    const text = response.status === 204 ? '' : await response.text();
    return { text, headers: response.headers, status: response.status };
  } catch (error) {
    reportApiError(error, { service, path, method });
    throw error;
  }
}

export async function request<T>(service: ServiceName, path: string, options?: RequestOptions): Promise<T> {
  return (await requestWithHeaders<T>(service, path, options)).data;
}
