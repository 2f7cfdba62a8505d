import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db';
import { learner, startTestServer, type TestServer } from './harness';

// Load shedding in one process: once the event loop has been held longer than the setting, requests
// are answered 503 with Retry-After at once, readiness says 'under pressure' and liveness stays 200;
// when the loop is free again, everything is answered as before. Files are never refused: the
// portal's scripts, icon and page, the schema files, a rules version's modules once built.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('pglite', { MAX_EVENT_LOOP_DELAY_MS: '50' });
  // Shedding starts two samples after the app is ready (start-up compiles every validator).
  await sleep(300);
});
afterAll(() => server.close());

const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

it('sheds requests while the loop is held, and serves again once it is free', async () => {
  const profile = async () =>
    server.app.inject({ method: 'GET', url: `/api/profiles/account/${learner.accountId}`, headers: await server.headers(learner.accountId) });
  expect((await profile()).statusCode).toBe(200);

  // A runaway computation: the loop held for 150 ms at a time, free for a moment in between.
  let held = true;
  const stall = (async () => {
    for (let i = 0; i < 10; i += 1) {
      hold(150);
      await sleep(2);
    }
    held = false;
  })();
  const answers: Array<{ status: number; retryAfter: unknown; body: unknown }> = [];
  const readiness: Array<{ status: number; body: unknown }> = [];
  while (held) {
    const res = await profile();
    answers.push({ status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() });
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    readiness.push({ status: ready.statusCode, body: ready.json() });
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }
  await stall;
  expect(answers).toContainEqual({ status: 503, retryAfter: '2', body: { message: 'The service is under heavy load; try again shortly.', statusCode: 503 } });
  expect(readiness).toContainEqual({ status: 503, body: { status: 'not-ready', reason: 'under pressure' } });

  // Free again: a few quiet samples later the same request is served.
  let status = 0;
  for (let waited = 0; waited < 2_000 && status !== 200; waited += 50) {
    await sleep(50);
    status = (await profile()).statusCode;
  }
  expect(status).toBe(200);
  expect((await server.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
});

describe('files while shedding', () => {
  let database: Database;
  let app: FastifyInstance;
  let portalDir: string;
  beforeAll(async () => {
    portalDir = mkdtempSync(join(tmpdir(), 'portal-shed-'));
    mkdirSync(join(portalDir, 'assets'));
    writeFileSync(join(portalDir, 'index.html'), '<!doctype html><head><title>portal</title></head><body></body>');
    writeFileSync(join(portalDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(portalDir, 'assets', 'session-start-123.js'), 'console.log(1)');
    const config = loadConfig({ PORTAL_DIR: portalDir, LOG_LEVEL: 'silent', MAX_EVENT_LOOP_DELAY_MS: '50', DATA_DIR: '/tmp/portal-test-unused' });
    database = await openDatabase(config, { inMemory: true });
    app = await buildApp({ config, database, jwks: createLocalJWKSet({ keys: [] }), serveStatic: true, logger: false });
    await app.ready();
    await sleep(300);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(portalDir, { recursive: true, force: true });
  });

  it('never refuses a file: the portal’s scripts, its icon and page, the schema files and the modules once built', async () => {
    const baseHash = (await app.inject({ method: 'GET', url: '/api/health' })).headers['x-rules-version'] as string;
    const files = [
      '/assets/session-start-123.js',
      '/favicon.svg',
      '/profile',
      '/schemas/forms/profile.schema.json',
      `/rules/${baseHash}/forms/profile.js`,
      `/rules/${baseHash}/ui/profile.json`,
      '/gallery/forms/profile.js?load=1',
    ];
    // The modules are built (in the rules thread) before the loop is held: from then on they are files.
    for (const url of files) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);

    let held = true;
    const stall = (async () => {
      for (let i = 0; i < 20; i += 1) {
        hold(150);
        await sleep(2);
      }
      held = false;
    })();
    const statuses = new Map<string, number[]>();
    const api = `/api/profiles/account/${learner.accountId}`;
    while (held) {
      // All at once, as a page's requests come: each is taken between two of the loop's held slices.
      const answers = await Promise.all([api, ...files].map(async (url) => [url, (await app.inject({ method: 'GET', url })).statusCode] as const));
      for (const [url, status] of answers) statuses.set(url, [...(statuses.get(url) ?? []), status]);
      // Answers made without a turn of the loop (a refusal is) must not starve the stall's timer.
      await sleep(1);
    }
    await stall;
    // Shedding was on (the services' own calls were refused) while every file was served.
    expect(statuses.get(api)).toContain(503);
    for (const url of files) expect(new Set(statuses.get(url)), url).toEqual(new Set([200]));
  });
});
