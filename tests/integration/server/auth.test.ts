import { account, learner, startTestServer, type TestServer } from './harness';

const other = account(2);

// Every route that names an account or profile, with the other account's ids in it.
const ownedRoutes: Array<{ method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown }> = [
  { method: 'POST', url: `/api/accounts/${other.accountId}/change-email`, payload: { verificationCode: '123456' } },
  { method: 'POST', url: `/api/accounts/${other.accountId}/send-email-verification-code`, payload: { currentPassword: 'x', email: 'new@example.com' } },
  { method: 'POST', url: `/api/accounts/${other.accountId}/resend-email-verification-code`, payload: {} },
  { method: 'POST', url: `/api/accounts/${other.accountId}/set-password`, payload: { currentPassword: 'x', newPassword: 'Abcdefghij12' } },
  { method: 'POST', url: `/api/accounts/${other.accountId}/link-certmaster`, payload: { login: 'a', phash: 'a'.repeat(64) } },
  { method: 'GET', url: `/api/profiles/account/${other.accountId}` },
  { method: 'GET', url: `/api/profiles/${other.profileId}/entitlements` },
  { method: 'GET', url: `/api/profiles/${other.profileId}/cmp/role` },
  { method: 'POST', url: `/api/profiles/${other.profileId}/cmp/profile` },
  { method: 'PATCH', url: `/api/profiles/${other.profileId}`, payload: [{ op: 'replace', path: '/company', value: 'X' }] },
  { method: 'PATCH', url: `/api/profiles/${other.accountId}`, payload: [{ op: 'replace', path: '/company', value: 'X' }] },
  { method: 'PATCH', url: `/api/profiles/${other.profileId}/candidate`, payload: [{ op: 'replace', path: '/company', value: 'X' }] },
  { method: 'PATCH', url: `/api/profiles/${other.profileId}/populi`, payload: [{ op: 'replace', path: '/company', value: 'X' }] },
  { method: 'POST', url: '/api/redemptions/redeem', payload: { accessKey: 'DEMO-SUCCESS-0000', userId: other.accountId } },
  { method: 'POST', url: '/api/redemptions/certmaster-platform', payload: { accessKey: 'DEMO-SUCCESS-0000', userId: other.accountId } },
  { method: 'POST', url: '/api/redemptions/cmp/redeem', payload: { accessKey: 'CMP-SINGLE-0202', certMasterProductId: 5003, profileId: other.profileId } },
  { method: 'GET', url: `/api/vendors/certmetrics/${other.profileId}/pendingfulfillments` },
  {
    method: 'POST',
    url: '/api/vendors/certmetrics/releasefulfillments',
    payload: { address: { address1: 'a', city: 'b', country: 'GBR' }, profileId: other.profileId },
  },
  {
    method: 'POST',
    url: '/api/vendors/certmetrics/verifyaddress',
    payload: { address: { address1: 'a', city: 'b', country: 'GBR' }, profileId: other.profileId },
  },
  { method: 'GET', url: `/api/vendors/skillable/ssosurl/${other.profileId}` },
  { method: 'GET', url: `/api/vendors/certmetrics/tokens/${other.accountId}` },
  { method: 'GET', url: `/api/vendors/pearson/tokens/${other.profileId}` },
  { method: 'GET', url: `/api/vendors/zendesk/tokens/${other.profileId}` },
  { method: 'POST', url: '/api/vendors/pearson/candidates', payload: { id: other.profileId } },
];

const openRoutes = [
  { method: 'GET' as const, url: '/api/announcements/?language=en' },
  { method: 'GET' as const, url: '/api/accounts/certmaster-platform/email/link@example.com' },
  { method: 'GET' as const, url: '/api/vendors/getvendor/DEMO-CANVAS-0102' },
  { method: 'GET' as const, url: '/api/vendors/cmp/CMP-SINGLE-0202' },
  { method: 'GET' as const, url: '/api/redemptions/certmaster-platform/access-key/DEMO-OWNED-0004/is-valid' },
];

describe('authentication and authorisation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server.close());

  const call = (route: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown }, headers: Record<string, string>) =>
    server.app.inject({ method: route.method, url: route.url, headers, ...(route.payload !== undefined ? { payload: route.payload as object } : {}) });

  it.each([...ownedRoutes, ...openRoutes].map((r) => [r.method, r.url, r] as const))(
    '%s %s: 401 without a token or with a bad function key',
    async (_m, _u, route) => {
      const fk = { [server.config.functionKeyHeader]: server.config.functionKey };
      const noToken = await call(route, fk);
      expect(noToken.statusCode).toBe(401);
      expect(noToken.json()).toEqual({ message: expect.any(String), statusCode: 401 });
      const badKey = await call(route, { authorization: `Bearer ${await server.token(learner.accountId)}`, [server.config.functionKeyHeader]: 'wrong' });
      expect(badKey.statusCode).toBe(401);
    },
  );

  it.each(ownedRoutes.map((r) => [r.method, r.url, r] as const))("%s %s: 403 for another account's id", async (_m, _u, route) => {
    const res = await call(route, await server.headers(learner.accountId));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String), statusCode: 403 });
  });

  it.each(openRoutes.map((r) => [r.url, r] as const))('%s answers a signed-in account', async (_u, route) => {
    const res = await call(route, await server.headers(learner.accountId));
    expect(res.statusCode).toBe(200);
  });

  const profileUrl = `/api/profiles/account/${learner.accountId}`;
  const withToken = async (token: string) =>
    server.app.inject({
      method: 'GET',
      url: profileUrl,
      headers: { authorization: `Bearer ${token}`, [server.config.functionKeyHeader]: server.config.functionKey },
    });

  it('accepts an access token of the API audience and refuses a wrong key, issuer, audience, type or expiry', async () => {
    expect((await withToken(await server.token(learner.accountId))).statusCode).toBe(200);
    expect((await withToken(await server.token(learner.accountId, {}, { key: 'stranger' }))).statusCode).toBe(401);
    expect((await withToken(await server.token(learner.accountId, {}, { issuer: 'https://elsewhere.example' }))).statusCode).toBe(401);
    expect((await withToken(await server.token(learner.accountId, {}, { audience: server.config.clientId }))).statusCode).toBe(401);
    expect((await withToken(await server.token(learner.accountId, {}, { typ: 'JWT' }))).statusCode).toBe(401);
    expect((await withToken(await server.token(learner.accountId, {}, { expiresIn: Math.floor(Date.now() / 1000) - 60 }))).statusCode).toBe(401);
    expect((await withToken('not-a-jwt')).statusCode).toBe(401);
  });

  it('a token accepted once is refused after its expiry', async () => {
    const token = await server.token(learner.accountId, {}, { expiresIn: Math.floor(Date.now() / 1000) + 2 });
    expect((await withToken(token)).statusCode).toBe(200);
    expect((await withToken(token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await withToken(token)).statusCode).toBe(401);
  });

  it('health, the OpenAPI document and the portal configuration need no token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'pglite' });
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/redemptions/redeem', '/api/profiles/{id}', '/api/vendors/pearson/candidates']));
    const config = (await server.app.inject({ method: 'GET', url: '/portal-config.json' })).json();
    expect(config).toMatchObject({ authority: server.config.issuer, clientId: 'portal', services: { identity: server.config.publicOrigin } });
    expect(config.certificationFrame).toEqual(server.config.certificationFrame);
    expect(config.fulfilmentSource).toBe('certmetrics');
  });
});

describe('cross-origin calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { CORS_ORIGINS: 'http://portal.localhost:5173' });
  });
  afterAll(async () => server.close());

  it('answers the preflight of a configured origin, with the function key and If-Match allowed and ETag exposed', async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/profiles/x',
      headers: { origin: 'http://portal.localhost:5173', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,if-match' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://portal.localhost:5173');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain(server.config.functionKeyHeader);
    const get = await server.app.inject({
      method: 'GET',
      url: `/api/profiles/account/${learner.accountId}`,
      headers: { ...(await server.headers(learner.accountId)), origin: 'http://portal.localhost:5173' },
    });
    expect(String(get.headers['access-control-expose-headers'])).toContain('etag');
    const stranger = await server.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://elsewhere.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('ID tokens as bearer (BEARER_TOKEN=id)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { BEARER_TOKEN: 'id' });
  });
  afterAll(async () => server.close());

  it('accepts a token whose audience is the client and refuses an access token', async () => {
    const url = `/api/profiles/account/${learner.accountId}`;
    const fk = { [server.config.functionKeyHeader]: server.config.functionKey };
    const idToken = await server.token(learner.accountId, {}, { audience: server.config.clientId, typ: 'JWT' });
    expect((await server.app.inject({ method: 'GET', url, headers: { ...fk, authorization: `Bearer ${idToken}` } })).statusCode).toBe(200);
    const accessToken = await server.token(learner.accountId);
    expect((await server.app.inject({ method: 'GET', url, headers: { ...fk, authorization: `Bearer ${accessToken}` } })).statusCode).toBe(401);
  });
});
