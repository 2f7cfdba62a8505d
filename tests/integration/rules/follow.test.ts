import { setTimeout as sleep } from 'node:timers/promises';
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../../src/server/app';
import { applyChanges, changesBetween, rulesHash } from '../../../src/server/rules/rule-files';
import * as store from '../../../src/server/rules/store';
import { readSchemaFiles } from '../../../src/server/http/schema-registry';
import { postgresReachable, startTestServer, type TestServer } from '../server/harness';
import { CITY_MAX, owner } from './support';

// Two apps on one PostgreSQL schema, as two instances: a publish through one is applied by the other
// through its LISTEN connection at once (once it has built the version's validators), and through
// its 1 s poll when no notification comes.

const base = new Map(readSchemaFiles(new URL('../../../schemas', import.meta.url).pathname).map((f) => [f.file, f.schema]));

describe('following the published version on PostgreSQL', () => {
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

  const hashOf = async (app: NonNullable<typeof other>) => (await app.inject({ method: 'GET', url: '/api/health' })).headers['x-rules-version'];
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await check()) return Date.now() - started;
      await sleep(20);
    }
    return -1;
  };

  it('applies a notified publish at once, and one without a notification within the poll', async () => {
    const s = server as TestServer;
    const app = other as NonNullable<typeof other>;
    const baseHash = await hashOf(app);
    const resolved = applyChanges(base, [{ ...CITY_MAX, value: 20 }]);
    const publish = (notify: boolean, files = resolved) =>
      store.publishVersion(s.database.db, {
        action: 'publish',
        notify,
        guard: async () => undefined,
        version: () => ({
          changes: changesBetween(base, files),
          reason: 'test',
          authorId: owner.accountId,
          createdAt: new Date(),
          approvedBy: null,
          approvedAt: null,
          publishedBy: owner.accountId,
          republishedFrom: null,
          hash: rulesHash(files),
        }),
      });

    // New rules: applied once the other app has built their validators, in its rules thread. Outside
    // production that thread starts on first use, here under tsx, which compiles its TypeScript
    // first: this says how long that took; the 2 s every instance is given is held by compiled
    // instances, whose thread starts with them (tests/cluster/rules-publish.test.ts).
    await publish(true);
    const built = await until(async () => (await hashOf(app)) === rulesHash(resolved), 10_000);
    expect(built).toBeGreaterThanOrEqual(0);

    // Rules it has built (the base): the notification alone, at once.
    await publish(true, base);
    const notified = await until(async () => (await hashOf(app)) === baseHash, 2000);
    expect(notified).toBeGreaterThanOrEqual(0);
    expect(notified).toBeLessThan(500);

    // No notification (lost across a reconnection, say): the poll finds it.
    await publish(false);
    const polled = await until(async () => (await hashOf(app)) === rulesHash(resolved), 3000);
    expect(polled).toBeGreaterThanOrEqual(0);
    expect(polled).toBeLessThan(2000);
    console.info(
      `applied ${built} ms after a notified publish of new rules (their validators built), ${notified} ms after one of rules built before, ${polled} ms after one without a notification`,
    );
  });
});
