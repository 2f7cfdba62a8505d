/*
 * One fetch client for the three services (identity, entitlements, vendors). Every call carries the
 * bearer token and the function key header; the base URL of each service comes from the config.
 *
 * Every call is typed from the services' own OpenAPI document (src/generated/openapi.ts, written by
 * npm run gen from the app's swagger()): the path is one the document lists for that method, with
 * its path parameters by name, its query and its body as the route's schema has them, and the answer
 * is the route's success answer. A path, method, parameter or body the services do not take fails
 * npm run typecheck (tests/unit/portal/typed-calls.test.ts). Only types: the call itself is the plain fetch
 * below, so the learner's first load carries no client library.
 *
 * Use (in an endpoint file: src/portal/clients/ for what several features share, e.g. cmp-role.ts;
 * features/<feature>/api/ for the rest, e.g. features/profile/api/patch-profile.ts):
 *   import { request, requestWithHeaders } from '../../../clients/client';
 *   export const fetchCmpRole = (id: string) => request('identity', 'GET', '/api/profiles/{id}/cmp/role', { path: { id } });
 *   await request('identity', 'PATCH', '/api/profiles/{id}', { path: { id }, body: patch,
 *     headers: { 'if-match': etag } });                  // a non-string body is sent as JSON
 *   request('identity', 'GET', '/api/announcements/', { query: { language } });
 *   const { data, headers } = await requestWithHeaders('identity', 'GET', path, ...);  // when headers matter
 *
 * configureApi() is called once at start-up (src/portal/app/boot.tsx); unit tests call it with doubles.
 */
import type { paths } from '../../generated/openapi';
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

interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** A string or FormData is sent as is; anything else as JSON. */
  body?: unknown;
}

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The paths of the document that answer a method, e.g. `ApiPath<'GET'>`. */
type ApiPath<M extends ApiMethod> = { [P in keyof paths]: paths[P][Lowercase<M>] extends undefined ? never : P }[keyof paths];
/** The document's operation for a path and method. */
type ApiOperation<P extends keyof paths, M extends ApiMethod> = Exclude<paths[P][Lowercase<M>], undefined>;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type PathPart<O> = O extends { parameters: { path: infer X extends object } } ? { path: X } : { path?: never };
type QueryPart<O> = O extends { parameters: { query: infer Q extends object } }
  ? { query: Q }
  : O extends { parameters: { query?: infer Q } }
    ? [NonNullable<Q>] extends [never]
      ? { query?: never }
      : { query?: NonNullable<Q> }
    : { query?: never };
type BodyPart<O> = O extends { requestBody: infer B }
  ? { body: Json<B> }
  : O extends { requestBody?: infer B }
    ? [NonNullable<B>] extends [never]
      ? { body?: never }
      : { body?: Json<NonNullable<B>> }
    : { body?: never };
type Parts<O> = PathPart<O> & QueryPart<O> & BodyPart<O>;
/** A call's options: fetch's (headers, cache, keepalive, signal), the operation's path parameters, query and body. */
type CallInit<O> = Omit<RequestInit, 'method' | 'body'> & Parts<O>;
/** The options may be left out when the operation needs no path parameter, query or body. */
type InitArgs<O> = object extends Parts<O> ? [init?: CallInit<O>] : [init: CallInit<O>];
/** The operation's success answer (void for 204). */
type ApiAnswer<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 | 204 ? (R[S] extends { content: { 'application/json': infer T } } ? T : void) : never }[keyof R]
  : never;

interface LooseInit extends RequestOptions {
  path?: Record<string, string>;
  query?: Record<string, string | undefined>;
}

/** `/api/profiles/{id}` with `{ id }`, each value URI-encoded, then the query's values that are set. */
function split(template: string, { path = {}, query = {}, ...options }: LooseInit = {}): [string, RequestOptions] {
  const search = new URLSearchParams();
  for (const name in query) if (query[name]) search.set(name, query[name]);
  const text = `${search}`;
  return [template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(path[name]!)) + (text && `?${text}`), options];
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
export function sendWhileLeaving<P extends ApiPath<'POST'>>(service: ServiceName, path: P, body: Json<ApiOperation<P, 'POST'>['requestBody']>): boolean {
  if (!setup || !lastBearer) return false;
  const headers = baseHeaders(setup);
  headers.set('content-type', 'application/json');
  headers.set('authorization', `Bearer ${lastBearer}`);
  (setup.fetchImpl ?? fetch)(serviceUrl(setup, service, path), { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
  return true;
}

export async function requestWithHeaders<M extends ApiMethod, P extends ApiPath<M>>(
  service: ServiceName,
  method: M,
  path: P,
  ...[init]: InitArgs<ApiOperation<P, M>>
): Promise<{ data: ApiAnswer<ApiOperation<P, M>>; headers: Headers; status: number }> {
  const [url, options] = split(path, init as LooseInit | undefined);
  const { text, headers, status } = await send(service, url, { ...options, method });
  return { data: (text ? JSON.parse(text) : undefined) as ApiAnswer<ApiOperation<P, M>>, headers, status };
}

/** A call whose answer is a file rather than JSON (an exchange file): its text. */
export async function requestText<P extends ApiPath<'GET'>>(service: ServiceName, path: P, ...[init]: InitArgs<ApiOperation<P, 'GET'>>): Promise<string> {
  const [url, options] = split(path, init as LooseInit | undefined);
  return (await send(service, url, options)).text;
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

export async function request<M extends ApiMethod, P extends ApiPath<M>>(
  service: ServiceName,
  method: M,
  path: P,
  ...init: InitArgs<ApiOperation<P, M>>
): Promise<ApiAnswer<ApiOperation<P, M>>> {
  return (await requestWithHeaders(service, method, path, ...init)).data;
}
