import { setTimeout as sleep } from 'node:timers/promises';
import { learner, startTestServer, type TestServer } from './harness';

// Load shedding in one process: once the event loop has been held longer than the setting, requests
// are answered 503 with Retry-After at once, readiness says 'under pressure' and liveness stays 200;
// when the loop is free again, everything is answered as before.

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
