import Fastify from 'fastify';
import { authenticatedScope, denyByDefault, isAdminRoute, publicScope } from '../../../src/server/http/auth';
import { learner, startTestServer, type TestServer } from './harness';
import { owner, roleHeaders, translator } from '../rules/support';

// Admin routes (under /api/admin/) declare the role they need, checked after authentication; a
// route there without one stops the server at start-up, as does one outside an authenticated scope.

const allow = async () => ({ accountId: 'x', claims: {}, roles: [] });

describe('admin routes are denied by default', () => {
  it('will not start with an admin route that declares no role, or outside an authenticated scope', async () => {
    const noRole = Fastify();
    denyByDefault(noRole);
    void noRole.register(authenticatedScope(allow, async (scope) => void scope.get('/api/admin/forgotten', async () => 'open')));
    await expect(noRole.ready()).rejects.toThrow(/is an admin route and declares no role/);

    const publicAdmin = Fastify();
    denyByDefault(publicAdmin);
    expect(() => publicAdmin.get('/api/admin/open', { config: { public: true, role: 'product-owner' } }, async () => 'open')).toThrow(
      /not in an authenticated scope/,
    );
    const inPublicScope = Fastify();
    denyByDefault(inPublicScope);
    void inPublicScope.register(publicScope(async (scope) => void scope.get('/api/admin/docs', async () => 'open')));
    await expect(inPublicScope.ready()).rejects.toThrow(/not in an authenticated scope/);

    const unknownRole = Fastify();
    denyByDefault(unknownRole);
    void unknownRole.register(
      authenticatedScope(allow, async (scope) => void scope.get('/api/admin/x', { config: { role: 'superuser' as never } }, async () => 'x')),
    );
    await expect(unknownRole.ready()).rejects.toThrow(/unknown role/);

    const fine = Fastify();
    denyByDefault(fine);
    await fine.register(authenticatedScope(allow, async (scope) => void scope.get('/api/admin/x', { config: { role: 'localisation' } }, async () => 'x')));
    await expect(fine.ready()).resolves.toBeDefined();
    await fine.close();
  });

  it('reads a route pattern, not a string prefix', () => {
    expect(isAdminRoute('/api/admin/rules/forms')).toBe(true);
    expect(isAdminRoute('/api/admin')).toBe(true);
    expect(isAdminRoute('/api/administrators')).toBe(false);
    expect(isAdminRoute('/api/profiles/admin')).toBe(false);
  });
});

describe('every admin operation of the services', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server.close());

  const fill = (path: string) => path.replace(/\{number\}/g, '0').replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000');

  it('answers 401 without a token, 403 to a learner and to another role, and passes the role the operation declares', async () => {
    const paths = (server.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const operations = Object.entries(paths)
      .filter(([path]) => isAdminRoute(path))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: fill(path),
          // The texts console's calls are localisation staff's; every other admin call is product owners'.
          texts: path.startsWith('/api/admin/texts/'),
        })),
      );
    expect(operations.length).toBeGreaterThanOrEqual(29);
    expect(operations.filter((o) => o.texts).length).toBeGreaterThanOrEqual(14);
    const fk = { [server.config.functionKeyHeader]: server.config.functionKey };
    const learnerHeaders = await server.headers(learner.accountId);
    const translatorHeaders = await roleHeaders(server, translator.accountId, ['localisation']);
    const ownerHeaders = await roleHeaders(server, owner.accountId);
    for (const { method, url, texts } of operations) {
      // A body that is not even valid: the role is refused before the body is read.
      const send = (headers: Record<string, string>) =>
        server.app.inject({
          method,
          url,
          headers: { ...headers, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{"unexpected":true}' }),
        });
      expect((await send(fk)).statusCode, `${method} ${url} without a token`).toBe(401);
      expect((await send(learnerHeaders)).statusCode, `${method} ${url} as a learner`).toBe(403);
      const [holder, other] = texts ? [translatorHeaders, ownerHeaders] : [ownerHeaders, translatorHeaders];
      expect((await send(other)).statusCode, `${method} ${url} as the other role`).toBe(403);
      expect([401, 403], `${method} ${url} as the role it declares`).not.toContain((await send(holder)).statusCode);
    }
  });
});
