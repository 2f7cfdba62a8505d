import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db';
import { loggerOptions } from '../../../src/server/http/logging';
import { startIdentityProvider } from '../../../src/server/idp';
import { demoId } from '../../../src/server/seed/demo-data';
import { seedDemoData } from '../../../src/server/seed/demo';
import { assembleHarness, Browser, openSignIn, pkce, signInForTokens, submitSignIn, TEST_THROTTLE, tokenRequest, type Harness } from '../idp/harness';

// Every log line of a real session, at the most talkative level: sign-in through the identity
// provider, a refresh, a password change, an e-mail change with its mailed code, access keys in a
// body and in a path. None may hold a password, a token, the code, a key or the function key.

const lines: string[] = [];
const capture = (...args: unknown[]) => {
  lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
};

const who = { id: demoId(23), email: 'e2e.redeem@example.com', password: 'E2eLearner2026' };
const NEW_PASSWORD = 'Log-Check-Passw0rd-2026';
const WRONG_PASSWORD = 'Wrong-Guess-Passw0rd-77';
const KEYS = { redeemed: 'DEMO-SUCCESS-0000', inPath: 'DEMO-OWNED-0004' };

let harness: Harness;
let app: FastifyInstance;
const secrets: Record<string, string> = {};

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);
  const dataDir = await mkdtemp(join(tmpdir(), 'log-secrets-'));
  const config = loadConfig({ DATA_DIR: dataDir, IDP_PORT: '0', PORT: '4399', LOG_LEVEL: 'trace' });
  const database = await openDatabase(config, { inMemory: true });
  await seedDemoData(database.db);
  // The provider logs as main.ts has it log: a pino logger with the services' options.
  const log = pino(loggerOptions(config), { write: (line: string) => lines.push(line) });
  const idp = await startIdentityProvider({ config, database, log, throttle: TEST_THROTTLE });
  app = await buildApp({
    config: { ...config, issuer: idp.issuer },
    database,
    jwks: { jwksUri: idp.jwksUri, caCertPath: idp.caCertPath },
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
  harness = await assembleHarness({ config, database, idp, dataDir, before: () => app.close() });
});
afterAll(async () => {
  await harness.close();
  vi.restoreAllMocks();
});

describe('logs of a whole session', () => {
  it('are captured, as JSON with request ids and routes', async () => {
    // A wrong password first (the throttle's path), then the real sign-in.
    const browser = new Browser(harness.agent);
    const interaction = await openSignIn(browser, harness.idp.issuer, pkce().challenge);
    await browser.request(interaction);
    const wrong = await submitSignIn(browser, harness.idp.issuer, interaction, { email: who.email, password: WRONG_PASSWORD });
    expect(wrong.code).toBeUndefined();

    const { tokens, status } = await signInForTokens(harness, who);
    expect(status).toBe(200);
    Object.assign(secrets, { accessToken: tokens.access_token, idToken: tokens.id_token, refreshToken: tokens.refresh_token });
    const refreshed = await tokenRequest(harness, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refreshed.res.status).toBe(200);
    secrets.refreshedAccessToken = refreshed.body.access_token ?? '';

    const headers = { authorization: `Bearer ${tokens.access_token}`, [harness.config.functionKeyHeader]: harness.config.functionKey };
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload });

    expect((await post(`/api/accounts/${who.id}/set-password`, { currentPassword: who.password, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const newEmail = 'log.check@example.com';
    expect((await post(`/api/accounts/${who.id}/send-email-verification-code`, { currentPassword: NEW_PASSWORD, email: newEmail })).statusCode).toBe(200);
    const outbox = await app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(newEmail)}` });
    const code = /\b(\d{6})\b/.exec((outbox.json() as { text: string }[])[0]?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    secrets.code = code ?? '';
    expect((await post(`/api/accounts/${who.id}/change-email`, { verificationCode: code ?? '' })).statusCode).toBe(200);

    const redeemed = await post('/api/redemptions/redeem', { accessKey: KEYS.redeemed, userId: who.id });
    expect(redeemed.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/vendors/getvendor/${KEYS.inPath}`, headers });

    // Something was logged, by both servers and for each request, or the checks below prove nothing.
    const json = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(json.length).toBeGreaterThan(10);
    expect(json).toContainEqual(expect.objectContaining({ msg: 'password changed' }));
    expect(json).toContainEqual(expect.objectContaining({ msg: 'email changed' }));
    expect(json).toContainEqual(expect.objectContaining({ msg: 'redemption' }));
    expect(json).toContainEqual(expect.objectContaining({ req: expect.objectContaining({ route: '/api/vendors/getvendor/:accessKey' }) }));
    expect(json).toContainEqual(expect.objectContaining({ req: expect.objectContaining({ route: '/interaction/:uid/login' }) }));
    expect(json.filter((line) => line.msg === 'incoming request').every((line) => typeof line.reqId === 'string')).toBe(true);
  });

  it('hold no password, token, code, access key or function key', () => {
    const values: Record<string, string> = {
      ...secrets,
      oldPassword: who.password,
      newPassword: NEW_PASSWORD,
      wrongPassword: WRONG_PASSWORD,
      redeemedKey: KEYS.redeemed,
      keyInPath: KEYS.inPath,
      functionKey: harness.config.functionKey,
    };
    // A token's signature alone would leak it as well.
    for (const name of ['accessToken', 'idToken', 'refreshedAccessToken'] as const) values[`${name}Signature`] = (secrets[name] ?? '').split('.')[2] ?? '';
    const all = lines.join('\n');
    expect(all.length).toBeGreaterThan(1000);
    for (const [name, value] of Object.entries(values)) {
      expect(value.length, name).toBeGreaterThanOrEqual(6);
      expect(all.includes(value), `${name} appears in the logs`).toBe(false);
    }
  });

  it('censors credentials a careless log call passes along', () => {
    const before = lines.length;
    app.log.info(
      {
        password: 'Careless-Passw0rd',
        body: { anything: 'Careless-Body-Value' },
        details: { accessKey: 'CARELESS-KEY-0001', verificationCode: '918273' },
        headers: {
          authorization: 'Bearer careless.token.value',
          cookie: 'session=careless-cookie',
          [harness.config.functionKeyHeader]: 'careless-function-key',
        },
        req: { url: '/api/vendors/getvendor/CARELESS-KEY-0002?code=918274', headers: { authorization: 'Bearer careless.request.token' } },
      },
      'careless',
    );
    const line = lines.slice(before).join('\n');
    expect(line).toContain('"msg":"careless"');
    expect(line).toContain('[redacted]');
    for (const value of [
      'Careless-Passw0rd',
      'Careless-Body-Value',
      'CARELESS-KEY-0001',
      '918273',
      'careless.token.value',
      'careless-cookie',
      'careless-function-key',
      'careless.request.token',
      '918274',
    ]) {
      expect(line).not.toContain(value);
    }
  });
});
