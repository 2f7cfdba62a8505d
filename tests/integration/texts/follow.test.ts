import { setTimeout as sleep } from 'node:timers/promises';
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../../src/server/app';
import { postgresReachable, startTestServer, type TestServer } from '../server/harness';
import { call, roleHeaders, translator } from '../rules/support';

// Two apps on one PostgreSQL schema, as two instances: a texts publish through one is served by the
// other (its header, its portal configuration, its browser files) within 2 s, through NOTIFY
// texts_published or the 1 s poll, as the rules.

describe('following the published texts on PostgreSQL', () => {
  let server: TestServer | undefined;
  let other: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    if (!(await postgresReachable())) return;
    server = await startTestServer('postgres');
    other = await buildApp({ config: server.config, database: server.database, jwks: createLocalJWKSet({ keys: [] }), logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });
  beforeEach((ctx) => {
    if (!server) ctx.skip();
  });

  it('serves a text published through the other instance within 2 s', async () => {
    const s = server as TestServer;
    const app = other as NonNullable<typeof other>;
    const headers = await roleHeaders(s, translator.accountId, ['localisation']);
    const text = '無効な市区町村です（別のインスタンス）';
    const draft = await call(s, 'POST', '/api/admin/texts/drafts', headers, {
      reason: 'follow',
      changes: [{ key: 'validation:Validation.InvalidCity', lang: 'ja', text }],
    });
    expect(draft.status).toBe(201);
    const started = Date.now();
    const version = await call(s, 'POST', `/api/admin/texts/drafts/${draft.body.id}/publish`, headers, {});
    expect(version.status).toBe(200);
    let seen = -1;
    while (Date.now() - started < 3000) {
      if ((await app.inject({ method: 'GET', url: '/api/health' })).headers['x-texts-version'] === version.body.hash) {
        seen = Date.now() - started;
        break;
      }
      await sleep(20);
    }
    expect(seen).toBeGreaterThanOrEqual(0);
    expect(seen).toBeLessThan(2000);
    expect((await app.inject({ method: 'GET', url: '/portal-config.json' })).json().textsHash).toBe(version.body.hash);
    const file = await app.inject({ method: 'GET', url: `/texts/${version.body.hash}/ja/validation.json` });
    expect(file.json().Validation.InvalidCity).toBe(text);
    console.info(`the other instance served the published texts ${seen} ms after the publish was asked for`);
  });
});
