// Regression tests for the defects an outside security review found, tried as an attacker would.
import Fastify from 'fastify';
import { authenticatedScope, denyByDefault, publicScope } from '../../../src/server/http/auth';
import { loadConfig } from '../../../src/server/config';
import { strictTransportSecurity } from '../../../src/server/http/security-headers';
import { account, learner, startTestServer, type TestServer } from './harness';

const victim = account(2);
const attacker = account(23);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('pglite');
});
afterAll(async () => server.close());

const headers = (who = attacker) => server.headers(who.accountId);
const readProfile = async (who = victim) => {
  const res = await server.app.inject({ method: 'GET', url: `/api/profiles/account/${who.accountId}`, headers: await headers(who) });
  expect(res.statusCode).toBe(200);
  return res;
};
const patch = async (body: unknown, who = attacker, suffix = '') =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/profiles/${who.profileId}${suffix}`,
    headers: { ...(await headers(who)), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const storedVersion = async (who = attacker) =>
  (await server.database.db.selectFrom('profiles').select('version').where('id', '=', who.profileId).executeTakeFirstOrThrow()).version;

describe('profile patches cannot reach an object prototype', () => {
  const payloads = [
    [{ op: 'add', path: '/givenName/__proto__/polluted', value: 'yes' }],
    [{ op: 'replace', path: '/givenName/__proto__/polluted', value: 'yes' }],
    [{ op: 'add', path: '/preferences/constructor/prototype/polluted', value: 'yes' }],
    [{ op: 'add', path: '/__proto__/polluted', value: 'yes' }],
    [{ op: 'replace', path: '/givenName/__proto__', value: { polluted: 'yes' } }],
    [{ op: 'add', path: '/addresses/0/__proto__/polluted', value: 'yes' }],
    [{ op: 'add', path: '/preferences/prototype', value: 'yes' }],
    [{ op: 'remove', path: '/givenName/__proto__/toString' }],
  ];

  it.each(payloads.map((p) => [p[0]!.path, p] as const))('%s: 400, nothing polluted, nothing written', async (_path, body) => {
    const before = await storedVersion();
    const res = await patch(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ key: expect.stringMatching(/^Validation\./) })] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(await storedVersion()).toBe(before);
    // Another account's requests see nothing of it, and the process still answers.
    const other = (await readProfile()).json() as Record<string, unknown>;
    expect(other.polluted).toBeUndefined();
    expect((other.givenName as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body whose JSON carries a __proto__ key', async () => {
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${attacker.profileId}`,
      headers: { ...(await headers()), 'content-type': 'application/json' },
      payload: '[{"op":"replace","path":"/preferences","value":{"__proto__":{"polluted":"yes"}}}]',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('authentication cannot be stepped around', () => {
  const spellings = (id: string) => [
    `/%61pi/profiles/account/${id}`,
    `/%61%70%69/profiles/account/${id}`,
    `/api/%70rofiles/account/${id}`,
    `/api/profiles/%61ccount/${id}`,
    `/api%2Fprofiles/account/${id}`,
    `/api/profiles/account/${id}/`,
    `/api/profiles/account/${id}?x=/api/health`,
    `/api/profiles/account/${id}#/api/health`,
    `//api/profiles/account/${id}`,
    `/api/health/../profiles/account/${id}`,
    `/api/health/%2E%2E/profiles/account/${id}`,
    `/API/profiles/account/${id}`,
    `/api/profiles/account/${id};/api/health`,
  ];

  it.each(spellings(victim.accountId))('%s without a token never answers the profile', async (url) => {
    const res = await server.app.inject({ method: 'GET', url, headers: { [server.config.functionKeyHeader]: server.config.functionKey } });
    expect([400, 401, 404]).toContain(res.statusCode);
    const { email } = await server.database.db.selectFrom('accounts').select('email').where('id', '=', victim.accountId).executeTakeFirstOrThrow();
    expect(res.body).not.toContain(email);
    expect(res.json()).toMatchObject({ statusCode: res.statusCode, message: expect.any(String) });
  });

  it('answers the encoded spelling as the same route: 401 without a token, the profile with one', async () => {
    const url = `/%61pi/profiles/account/${learner.accountId}`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const withToken = await server.app.inject({ method: 'GET', url, headers: await server.headers(learner.accountId) });
    expect(withToken.statusCode).toBe(200);
  });

  it('will not start with a route that is neither authenticated nor declared public', async () => {
    const app = Fastify();
    denyByDefault(app);
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/neither in an authenticated scope nor declared public/);
    const nested = Fastify();
    denyByDefault(nested);
    void nested.register(async (plugin) => void plugin.get('/api/also-forgotten', async () => 'open'));
    await expect(nested.ready()).rejects.toThrow(/neither in an authenticated scope nor declared public/);

    const fine = Fastify();
    denyByDefault(fine);
    fine.get('/api/health', { config: { public: true } }, async () => 'ok');
    await fine.register(publicScope(async (docs) => void docs.get('/docs', async () => 'docs')));
    await fine.register(
      authenticatedScope(
        async () => Promise.reject(new Error('no')),
        async (scope) => void scope.get('/api/x', async () => 'x'),
      ),
    );
    await expect(fine.ready()).resolves.toBeDefined();
    await fine.close();
  });
});

describe('NUL bytes and lone surrogates never reach the database', () => {
  const NUL = 'a\u0000b';
  const HIGH = 'a\uD800b';
  const LOW = '\uDC00';
  const bad = [NUL, HIGH, LOW];
  type Case = { name: string; method: 'GET' | 'POST' | 'PATCH'; url: (who: typeof attacker) => string; body?: (value: string) => unknown };
  const routes: Case[] = [
    { name: 'profile company', method: 'PATCH', url: (w) => `/api/profiles/${w.profileId}`, body: (v) => [{ op: 'replace', path: '/company', value: v }] },
    {
      name: 'profile name',
      method: 'PATCH',
      url: (w) => `/api/profiles/${w.profileId}`,
      body: (v) => [{ op: 'replace', path: '/givenName/middleName', value: v }],
    },
    { name: 'profile path', method: 'PATCH', url: (w) => `/api/profiles/${w.profileId}`, body: (v) => [{ op: 'replace', path: `/company${v}`, value: 'x' }] },
    {
      name: 'candidate patch',
      method: 'PATCH',
      url: (w) => `/api/profiles/${w.profileId}/candidate`,
      body: (v) => [{ op: 'replace', path: '/company', value: v }],
    },
    { name: 'populi patch', method: 'PATCH', url: (w) => `/api/profiles/${w.profileId}/populi`, body: (v) => [{ op: 'replace', path: '/birthDay', value: v }] },
    {
      name: 'email code',
      method: 'POST',
      url: (w) => `/api/accounts/${w.accountId}/send-email-verification-code`,
      body: (v) => ({ currentPassword: v, email: `x${v}@example.com` }),
    },
    { name: 'change email', method: 'POST', url: (w) => `/api/accounts/${w.accountId}/change-email`, body: (v) => ({ verificationCode: v }) },
    {
      name: 'set password',
      method: 'POST',
      url: (w) => `/api/accounts/${w.accountId}/set-password`,
      body: (v) => ({ currentPassword: 'x', newPassword: `Abcdefgh1${v}` }),
    },
    { name: 'link certmaster', method: 'POST', url: (w) => `/api/accounts/${w.accountId}/link-certmaster`, body: (v) => ({ login: v, phash: 'a'.repeat(64) }) },
    { name: 'redeem', method: 'POST', url: () => '/api/redemptions/redeem', body: (v) => ({ accessKey: v, userId: attacker.accountId }) },
    { name: 'platform redeem', method: 'POST', url: () => '/api/redemptions/certmaster-platform', body: (v) => ({ accessKey: v, userId: attacker.accountId }) },
    {
      name: 'cmp redeem',
      method: 'POST',
      url: () => '/api/redemptions/cmp/redeem',
      body: (v) => ({ accessKey: v, certMasterProductId: 1, profileId: attacker.profileId }),
    },
    {
      name: 'verify address',
      method: 'POST',
      url: () => '/api/vendors/certmetrics/verifyaddress',
      body: (v) => ({ address: { address1: v, city: 'x', country: 'USA' }, profileId: attacker.profileId }),
    },
    {
      name: 'release',
      method: 'POST',
      url: () => '/api/vendors/certmetrics/releasefulfillments',
      body: (v) => ({ address: { address1: 'a', city: v, country: 'USA' }, profileId: attacker.profileId }),
    },
    { name: 'candidate', method: 'POST', url: () => '/api/vendors/pearson/candidates', body: (v) => ({ id: attacker.profileId, company: v }) },
    { name: 'object key', method: 'POST', url: () => '/api/redemptions/redeem', body: (v) => ({ accessKey: 'K', userId: attacker.accountId, [v]: 1 }) },
  ];
  const cases = routes.flatMap((route) => bad.map((value) => [route.name, JSON.stringify(value), route, value] as const));

  it.each(cases)('%s with %s: 400 with the key', async (_name, _shown, route, value) => {
    const res = await server.app.inject({
      method: route.method,
      url: route.url(attacker),
      headers: { ...(await headers()), 'content-type': 'application/json' },
      payload: JSON.stringify(route.body!(value)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ key: 'Validation.InvalidCharacters' }));
  });

  it.each([
    ['is-valid', (v: string) => `/api/redemptions/certmaster-platform/access-key/${v}/is-valid`],
    ['getvendor', (v: string) => `/api/vendors/getvendor/${v}`],
    ['cmp products', (v: string) => `/api/vendors/cmp/${v}`],
    ['legacy lookup', (v: string) => `/api/accounts/certmaster-platform/email/${v}`],
    ['announcements', (v: string) => `/api/announcements/?language=${v}`],
  ])('%s with a NUL byte in the URL: 400 with the key', async (_name, url) => {
    const res = await server.app.inject({ method: 'GET', url: url('a%00b'), headers: await headers() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ key: 'Validation.InvalidCharacters' }));
  });
});

describe('the stored profile is validated as a whole', () => {
  const who = account(24);
  const refused: Array<[string, unknown]> = [
    ['an unknown nested key', [{ op: 'add', path: '/givenName/nickname', value: 'Ace' }]],
    ['an unknown key on the primary address', [{ op: 'add', path: '/addresses/0/gateCode', value: '1234' }]],
    ['junk in a non-primary address', [{ op: 'add', path: '/addresses/-', value: { index: 1, isPrimary: false, city: { deep: { deeper: 'x' } } } }]],
    [
      'an unknown key in a phone',
      [{ op: 'add', path: '/phoneNumbers/-', value: { index: 1, isPrimary: false, phone: '3125550123', phonetype: 'Work', note: 'x' } }],
    ],
    ['deep nesting', [{ op: 'replace', path: '/preferences', value: JSON.parse(`${'{"a":'.repeat(14)}1${'}'.repeat(14)}`) }]],
    [
      'an oversized string in a non-primary address',
      [{ op: 'add', path: '/addresses/-', value: { index: 1, isPrimary: false, address1: 'x'.repeat(10_000), city: 'Y', country: 'USA' } }],
    ],
    [
      'a whole array of addresses',
      [
        {
          op: 'replace',
          path: '/addresses',
          value: Array.from({ length: 50 }, (_, index) => ({ index, isPrimary: index === 0, address1: 'a', city: 'b', country: 'USA' })),
        },
      ],
    ],
  ];

  it.each(refused)('refuses %s with 400 and writes nothing', async (_name, body) => {
    const before = await storedVersion(who);
    const res = await patch(body, who);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
    expect(await storedVersion(who)).toBe(before);
  });

  it('cannot grow a profile without bound', async () => {
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const res = await patch(
        [{ op: 'add', path: '/phoneNumbers/-', value: { index: 1, isPrimary: false, countryCode: '1', phone: '3125550123', phonetype: 'Work' } }],
        who,
      );
      if (res.statusCode === 200) accepted += 1;
      else expect(res.statusCode).toBe(400);
    }
    expect(accepted).toBeLessThanOrEqual(10);
    const size = JSON.stringify(
      (await server.database.db.selectFrom('profiles').select('document').where('id', '=', who.profileId).executeTakeFirstOrThrow()).document,
    ).length;
    expect(size).toBeLessThan(16 * 1024);
  });

  it('writes nothing for an empty patch and answers the profile with the same ETag', async () => {
    const before = await storedVersion(who);
    const etag = (await readProfile(who)).headers.etag;
    const res = await patch([], who);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(etag);
    expect(await storedVersion(who)).toBe(before);
  });
});

describe('malformed requests answer in the error shape', () => {
  it('a URL that cannot be decoded: 400 { message, statusCode }', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/profiles/account/%E0%A4%A', headers: await headers() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), statusCode: 400 });
  });

  it.each([
    ['a byte-order mark', { 'content-type': 'application/json' }, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[]')])],
    ['UTF-16 with a byte-order mark', { 'content-type': 'application/json' }, Buffer.from('\ufeff[]', 'utf16le')],
    ['another charset', { 'content-type': 'application/json; charset=iso-8859-1' }, Buffer.from('[]')],
    ['bytes that are not UTF-8', { 'content-type': 'application/json' }, Buffer.from([0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d])],
    ['another media type', { 'content-type': 'text/plain' }, Buffer.from('[]')],
  ])('a body with %s is refused in the error shape', async (_name, extra, payload) => {
    const res = await server.app.inject({ method: 'PATCH', url: `/api/profiles/${attacker.profileId}`, headers: { ...(await headers()), ...extra }, payload });
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json()).toEqual({ message: expect.any(String), statusCode: res.statusCode });
  });

  it('UTF-8 JSON with an explicit charset is fine', async () => {
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${attacker.profileId}`,
      headers: { ...(await headers()), 'content-type': 'application/json; charset=UTF-8' },
      payload: '[]',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('every answer carries a strict policy, nosniff and a referrer policy; HSTS only on a TLS origin off this machine', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(res.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"])
      expect(policy).toContain(directive);
    expect(policy).toContain(new URL(server.config.issuer).origin);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The certification partner's page is the one frame the portal embeds.
    expect(policy).toContain(`frame-src ${new URL(server.config.certificationFrame.url).origin}`);
    expect(policy.match(/frame-src [^;]*/)?.[0].split(' ')).toHaveLength(2);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(strictTransportSecurity('https://portal.example')).toMatch(/^max-age=\d+/);
    expect(strictTransportSecurity('https://localhost:3443')).toBeUndefined();
    expect(strictTransportSecurity('http://portal.example')).toBeUndefined();
  });
});

describe('certification frame settings', () => {
  it('the frame is the sandbox page by default and its origin is the one accepted; the listed origins are parsed', () => {
    const defaults = loadConfig({ SANDBOX_ORIGIN: 'https://sandbox.test:3004' }).certificationFrame;
    expect(defaults).toEqual({ url: 'https://sandbox.test:3004/certmetrics/embedded', allowedOrigins: ['https://sandbox.test:3004'] });
    const deployed = loadConfig({
      CERTIFICATION_FRAME_URL: 'https://certs.provider.example/portal/embed',
      CERTIFICATION_FRAME_ORIGINS: ' https://certs-dev.provider.example/ ,https://CERTS.provider.example:443/x',
    }).certificationFrame;
    expect(deployed).toEqual({
      url: 'https://certs.provider.example/portal/embed',
      allowedOrigins: ['https://certs-dev.provider.example', 'https://certs.provider.example'],
    });
  });
});

describe('development-only pieces', () => {
  it('the dev server origin is allowed for CORS and sign-in redirects in development only', () => {
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_DEFAULTS: 'all' }).corsOrigins).toEqual([]);
    expect(loadConfig({}).corsOrigins).toEqual(['http://localhost:5173']);
  });

  it('the mail outbox is not served in production', async () => {
    const production = await startTestServer('pglite', { NODE_ENV: 'production', ALLOW_DEMO_DEFAULTS: 'all' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
      expect((await server.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
