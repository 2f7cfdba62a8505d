import { sql } from 'kysely';
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('pglite');
});
afterAll(async () => server.close());

describe('readiness', () => {
  it('is ready with the database reachable and every migration applied', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'reachable' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration is missing, and says why; stays ready while the shared database is unreachable', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', MAX_EVENT_LOOP_DELAY_MS: '0' });
    const database = await openDatabase(config, { inMemory: true });
    const app = await buildApp({ config, database, jwks: createLocalJWKSet({ keys: [] }), logger: false });
    try {
      await sql`delete from kysely_migration where name = '0007-idp-demo-social'`.execute(database.db);
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not-ready', reason: '1 migration(s) not applied', database: 'reachable' });
      // Alive all the same: health answers.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      // Every instance shares the database: leaving the rotation would leave nobody. It stays in
      // and answers what needs the database with its own 503 and Retry-After.
      await database.close();
      const down = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(200);
      expect(down.json()).toEqual({ status: 'ready', database: 'unreachable' });
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  it('returns the caller’s x-request-id when it looks like one', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42');
  });

  it.each([
    ['none', undefined],
    ['markup', '<script>alert(1)</script>'],
    ['too long', 'a'.repeat(200)],
    ['spaces', 'a b'],
  ])('makes its own when the header is %s', async (_name, value) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health', headers: value === undefined ? {} : { 'x-request-id': value } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries it on errors too', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/profiles/account/x', headers: { 'x-request-id': 'trace-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('trace-1');
  });
});
