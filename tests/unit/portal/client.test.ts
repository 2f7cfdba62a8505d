import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, request, requestWithHeaders } from '../../../src/portal/clients/client';
import { isNetworkError, logUnexpected, passingFault, setErrorReporter } from '../../../src/portal/clients/errors';

const config = {
  services: { identity: 'https://id.example/', entitlements: 'https://ent.example', vendors: '' },
  functionKey: 'fk-123',
  functionKeyHeader: 'x-functions-key',
};

function setup(response: Response) {
  const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response);
  configureApi({ config, getToken: async () => 'token-abc', fetchImpl: fetchImpl as unknown as typeof fetch });
  return fetchImpl;
}

describe('service client (docs/behaviour.md#calls)', () => {
  afterEach(() => setErrorReporter(() => undefined));

  it('sends the bearer token and the function key to the service base URL', async () => {
    const fetchImpl = setup(new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { etag: 'W/"3"' } }));
    const { data, headers } = await requestWithHeaders('identity', 'GET', '/api/profiles/account/{accountId}', { path: { accountId: 'a1' } });
    expect(data).toEqual({ ok: 1 });
    expect(headers.get('etag')).toBe('W/"3"');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://id.example/api/profiles/account/a1');
    const sent = new Headers(init?.headers);
    expect(sent.get('authorization')).toBe('Bearer token-abc');
    expect(sent.get('x-functions-key')).toBe('fk-123');
  });

  it('sends objects as JSON', async () => {
    const fetchImpl = setup(new Response(null, { status: 204 }));
    await request('entitlements', 'POST', '/api/redemptions/redeem', { body: { accessKey: 'K', userId: 'u1' } });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://ent.example/api/redemptions/redeem');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"accessKey":"K","userId":"u1"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('throws the parsed body of a non-OK response and reports it', async () => {
    const reported = vi.fn();
    setErrorReporter(reported);
    setup(new Response(JSON.stringify({ message: 'Not here', statusCode: 404, code: 'X' }), { status: 404 }));
    await expect(request('vendors', 'GET', '/api/vendors/getvendor/{accessKey}', { path: { accessKey: 'K' } })).rejects.toEqual({
      message: 'Not here',
      statusCode: 404,
      code: 'X',
    });
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ statusCode: 404 }), {
      service: 'vendors',
      path: '/api/vendors/getvendor/K',
      method: 'GET',
    });
  });

  it('logs what nobody expected (5xx, no answer), not an answer below 500, which its caller reads', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const context = { service: 'identity', path: '/api/accounts/a/set-password', method: 'POST' };
    logUnexpected({ message: 'Bad Request', statusCode: 400, errors: [] }, context);
    logUnexpected({ message: 'Not found', statusCode: 404 }, context);
    expect(log).not.toHaveBeenCalled();
    logUnexpected({ message: 'An internal error occurred.', statusCode: 500 }, context);
    logUnexpected(new TypeError('Failed to fetch'), context);
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('throws { message, statusCode } when the body is not JSON', async () => {
    setup(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(request('identity', 'GET', '/api/announcements/')).rejects.toEqual({ message: 'Bad gateway', statusCode: 502 });
  });

  it('reads Retry-After into the error, and calls a 503 a passing fault that is logged as a warning', async () => {
    setup(
      new Response(JSON.stringify({ message: 'The service is briefly unavailable; try again.', statusCode: 503 }), {
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setErrorReporter(logUnexpected);
    const thrown = await request('identity', 'GET', '/api/announcements/').catch((e: unknown) => e);
    expect(thrown).toEqual({ message: 'The service is briefly unavailable; try again.', statusCode: 503, retryAfter: 1 });
    expect(passingFault(thrown)).toBe('unavailable');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
  });

  it('throws a NetworkError when no answer came, and leaves an abort as it was', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    configureApi({ config, getToken: async () => 'token-abc', fetchImpl: fetchImpl as unknown as typeof fetch });
    const thrown = await request('identity', 'GET', '/api/announcements/').catch((e: unknown) => e);
    expect(isNetworkError(thrown)).toBe(true);
    expect(passingFault(thrown)).toBe('network');
    const abort = new DOMException('stopped', 'AbortError');
    configureApi({
      config,
      getToken: async () => 'token-abc',
      fetchImpl: (async () => {
        throw abort;
      }) as unknown as typeof fetch,
    });
    await expect(request('identity', 'GET', '/api/announcements/')).rejects.toBe(abort);
    expect(passingFault(new Error('bug'))).toBeUndefined();
    expect(passingFault({ message: 'x', statusCode: 500 })).toBeUndefined();
  });

  it('puts each path parameter in its place, URI-encoded, and the query values that are set after it', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('{}', { status: 200 }));
    configureApi({ config, getToken: async () => 'token-abc', fetchImpl: fetchImpl as unknown as typeof fetch });
    await request('identity', 'GET', '/api/profiles/{id}/cmp/role', { path: { id: 'a/b c?' } });
    await request('identity', 'GET', '/api/admin/texts/keys', { query: { q: 'city & town', lang: 'ja', namespace: undefined, filter: undefined } });
    await request('identity', 'GET', '/api/admin/texts/keys', { query: {} });
    await request('vendors', 'GET', '/api/vendors/cmp/{accessKey}', { path: { accessKey: 'K-1' }, query: { cmpId: '7' }, cache: 'no-store' });
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual([
      'https://id.example/api/profiles/a%2Fb%20c%3F/cmp/role',
      'https://id.example/api/admin/texts/keys?q=city+%26+town&lang=ja',
      'https://id.example/api/admin/texts/keys',
      '/api/vendors/cmp/K-1?cmpId=7',
    ]);
    // The path parameters and query stay out of what fetch is given; fetch's own options reach it.
    const init = fetchImpl.mock.calls[3]![1] as Record<string, unknown>;
    expect(init.cache).toBe('no-store');
    expect(init).not.toHaveProperty('path');
    expect(init).not.toHaveProperty('query');
    expect(init.method).toBe('GET');
  });
});
