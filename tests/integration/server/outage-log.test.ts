import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db';
import { startIdentityProvider } from '../../../src/server/idp';
import { assembleHarness, authorizeUrl, Browser, pkce, TEST_THROTTLE } from '../idp/harness';
import { startCuttableProxy, type CuttableProxy } from './cuttable-proxy';
import { learner, POSTGRES_URL, postgresReachable, startTestServer } from './harness';

// During a database outage the services and the identity provider write one line per failure kind
// with its stack, then one line per interval with a count, then one saying it is over: not a
// warning with a full stack trace per request.

const INTERVAL_MS = 400;
const FAILURES = 30;
const postgresPort = Number(new URL(POSTGRES_URL).port || 5432);

interface Line {
  level: number | string;
  msg: string;
  source?: string;
  cause?: string;
  count?: number;
  total?: number;
  err?: { stack?: string };
}

const outageLines = (lines: Line[]) => lines.filter((l) => l.msg.startsWith('database unavailable'));
const sumOf = (lines: Line[], field: 'count' | 'total') => lines.reduce((n, l) => n + (l[field] ?? 0), 0);

let reachable = false;
let proxy: CuttableProxy;
beforeAll(async () => {
  reachable = await postgresReachable();
  if (reachable) proxy = await startCuttableProxy(postgresPort);
});
afterAll(async () => proxy?.close());
beforeEach((ctx) => {
  if (!reachable) ctx.skip();
});

it(`the services log ${FAILURES} failed requests in a few lines, with one stack trace per kind`, async () => {
  await proxy.restore().catch(() => {});
  const url = new URL(POSTGRES_URL);
  url.port = String(proxy.port);
  const written: string[] = [];
  const server = await startTestServer(
    'postgres',
    { DATABASE_URL: url.href, LOG_LEVEL: 'info', LOG_OUTAGE_INTERVAL_MS: String(INTERVAL_MS) },
    { logStream: { write: (line) => written.push(line) } },
  );
  const lines = () => written.map((l) => JSON.parse(l) as Line);
  try {
    const headers = await server.headers(learner.accountId);
    const read = () => server.app.inject({ method: 'GET', url: `/api/profiles/account/${learner.accountId}`, headers });
    expect((await read()).statusCode).toBe(200);

    await proxy.cut();
    for (let i = 0; i < FAILURES; i++) {
      const res = await read();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
    }
    const during = outageLines(lines());
    const stacks = during.filter((l) => l.err);
    // Broken sessions and refused connections are different kinds; each has its stack once.
    expect(stacks.length).toBeGreaterThanOrEqual(1);
    expect(stacks.length).toBeLessThanOrEqual(2);
    expect(new Set(stacks.map((l) => l.cause)).size).toBe(stacks.length);
    for (const line of stacks) expect(line.err?.stack).toMatch(/\n\s+at /);
    expect(during.every((l) => l.source === 'api')).toBe(true);

    await sleep(INTERVAL_MS * 1.5);
    const counted = outageLines(lines()).filter((l) => l.count !== undefined);
    expect(sumOf(counted, 'count')).toBe(FAILURES);
    expect(counted.length).toBeLessThanOrEqual(2 * stacks.length);
    expect(outageLines(lines()).filter((l) => l.err)).toHaveLength(stacks.length);

    await proxy.restore();
    expect((await read()).statusCode).toBe(200);
    await sleep(INTERVAL_MS * 2.5);
    const over = outageLines(lines()).filter((l) => l.msg === 'database unavailable: over');
    expect(sumOf(over, 'total')).toBe(FAILURES);
    console.info(
      `${FAILURES} failed requests, ${outageLines(lines()).length} log lines: ${outageLines(lines())
        .map((l) => `${l.msg} (${l.cause}${l.count ? `, ${l.count}` : ''})`)
        .join('; ')}`,
    );
  } finally {
    await proxy.restore().catch(() => {});
    await server.close();
  }
});

it('the identity provider logs its failures the same way', async () => {
  await proxy.restore().catch(() => {});
  const url = new URL(POSTGRES_URL);
  url.port = String(proxy.port);
  const dataDir = await mkdtemp(join(tmpdir(), 'idp-outage-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    IDP_PORT: '0',
    PORT: '4399',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url.href,
    LOG_OUTAGE_INTERVAL_MS: String(INTERVAL_MS),
  });
  const schema = `idp_outage_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase(config, { schema });
  const written: Line[] = [];
  const capture = (level: string) => (fields: object, msg: string) => written.push({ level, msg, ...(fields as object) } as Line);
  const idp = await startIdentityProvider({
    config,
    database,
    log: { info: capture('info'), warn: capture('warn'), error: capture('error') },
    throttle: TEST_THROTTLE,
  });
  const harness = await assembleHarness({ config, database, idp, dataDir, dropSchemaOnClose: schema });
  try {
    const browser = new Browser(harness.agent);
    const { challenge } = pkce();
    expect((await browser.request(authorizeUrl(idp.issuer, challenge))).status).toBe(303);

    await proxy.cut();
    const failures = 12;
    for (let i = 0; i < failures; i++) {
      const res = await browser.request(authorizeUrl(idp.issuer, challenge));
      expect(res.status).toBe(503);
      await res.arrayBuffer();
    }
    await sleep(INTERVAL_MS * 1.5);
    const lines = outageLines(written);
    expect(written.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines.filter((l) => l.err).length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l.err).length).toBeLessThanOrEqual(2);
    expect(
      sumOf(
        lines.filter((l) => l.count !== undefined),
        'count',
      ),
    ).toBe(failures);
    expect(lines.every((l) => l.source === 'identity provider')).toBe(true);
  } finally {
    await proxy.restore().catch(() => {});
    await harness.close();
  }
});
