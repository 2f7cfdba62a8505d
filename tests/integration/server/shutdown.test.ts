import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { Agent, fetch } from 'undici';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db';
import { gracefulShutdown, newLifecycle } from '../../../src/server/shutdown';

// SIGTERM's plan on the real app and database: readiness turns 503 first, a request in flight
// finishes, and the database closes only after it.

const SLOW_MS = 2500;
// Generous, so a loaded machine still asks its questions while the listener is open.
const DRAIN_DELAY_MS = 1500;
const quiet = { info: () => {}, error: () => {} };

let app: FastifyInstance;
let database: Database;
let agent: Agent;
let origin: string;
const events: string[] = [];

beforeAll(async () => {
  const config = loadConfig({ LOG_LEVEL: 'silent', MAX_EVENT_LOOP_DELAY_MS: '0' });
  database = await openDatabase(config, { inMemory: true });
  const lifecycle = newLifecycle();
  app = await buildApp({ config, database, lifecycle, jwks: createLocalJWKSet({ keys: [] }), logger: false });
  // A request that takes a while, standing for a slow profile save.
  app.get('/test/slow', { config: { public: true } }, async () => {
    await sleep(SLOW_MS);
    events.push('slow request answered');
    return { finished: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  agent = new Agent();
  shutdown = gracefulShutdown({
    lifecycle,
    drainDelayMs: DRAIN_DELAY_MS,
    servers: [() => app.close()],
    afterwards: [
      async () => {
        events.push('database closed');
        await database.close();
      },
    ],
    log: quiet,
  });
});
let shutdown: (reason: string) => Promise<void>;

afterAll(async () => {
  await agent.close();
});

const get = (path: string) => fetch(`${origin}${path}`, { dispatcher: agent });

describe('graceful shutdown', () => {
  it('says not ready at once, finishes the request in flight, then closes the listener and the database', async () => {
    expect((await get('/api/ready')).status).toBe(200);
    const slow = get('/test/slow');
    await sleep(100);

    const stopped = shutdown('SIGTERM').then(() => events.push('shutdown done'));
    const ready = await get('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not-ready', reason: 'shutting down' });
    // Alive while it drains: the balancer's health check sees it leave, clients still get answers.
    expect((await get('/api/health')).status).toBe(200);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ finished: true });
    await stopped;
    expect(events).toEqual(['slow request answered', 'database closed', 'shutdown done']);

    // No longer accepting.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: Number(new URL(origin).port) });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('runs once however many signals arrive', async () => {
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT')]);
    expect(events.filter((event) => event === 'database closed')).toHaveLength(1);
  });
});
