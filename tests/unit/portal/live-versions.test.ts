import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const BASE = 'a'.repeat(64);
const V1 = 'b'.repeat(64);
const TEXTS = 'c'.repeat(64);

// The module keeps when it last asked: each test loads it afresh, with a fetch double and fake timers.
async function load(answer: () => Promise<Response>) {
  vi.resetModules();
  const fetchImpl = vi.fn((_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchImpl);
  const client = await import('../../../src/portal/clients/client');
  client.configureApi({
    config: { services: { identity: 'https://services.example/', entitlements: '', vendors: '' }, functionKey: 'k', functionKeyHeader: 'x-functions-key' },
    getToken: async () => 'token',
  });
  const rules = await import('../../../src/portal/clients/rules-version');
  rules.initRulesVersion({ rulesHash: null, rulesBaseHash: BASE });
  const live = await import('../../../src/portal/clients/live-versions');
  const texts = vi.fn();
  live.followVersions(texts);
  return { fetchImpl, live, rules, texts };
}

const versions = (rules: string, texts: string) => async () => new Response(JSON.stringify({ rules, texts }), { status: 200 });

describe('the versions check (navigation, focus, a refused save)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks GET /api/versions of the services, with no token, and hands the rules hash to the forms and the texts hash on', async () => {
    const { fetchImpl, live, rules, texts } = await load(versions(V1, TEXTS));
    await live.checkVersions();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]![0]).toBe('https://services.example/api/versions');
    expect(new Headers(fetchImpl.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);
    expect(rules.rulesVersion()).toBe(V1);
    expect(texts).toHaveBeenCalledWith(TEXTS);
  });

  it('asks at most once per interval; one asked for sooner is made when the interval ends; a refused save asks at once', async () => {
    const { fetchImpl, live } = await load(versions(BASE, TEXTS));
    await live.checkVersions();
    await live.checkVersions();
    await live.checkVersions();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(live.CHECK_INTERVAL_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(live.CHECK_INTERVAL_MS * 3);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await live.checkVersions(true);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('changes nothing when the services do not answer, or answer an error', async () => {
    const failing = await load(async () => {
      throw new TypeError('offline');
    });
    await expect(failing.live.checkVersions()).resolves.toBeUndefined();
    expect(failing.rules.rulesVersion()).toBeNull();
    expect(failing.texts).not.toHaveBeenCalled();
    const refused = await load(async () => new Response('{}', { status: 503 }));
    await refused.live.checkVersions();
    expect(refused.rules.rulesVersion()).toBeNull();
    expect(refused.texts).not.toHaveBeenCalled();
  });
});
