import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../../src/server/app';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import { dropSchema, openDatabase, type Database } from '../../../src/server/db';
import { createRequestMetrics, type RequestMetrics } from '../../../src/server/http/metrics';
import { demoId } from '../../../src/server/seed/demo-data';
import { profileIdOf, seedDemoData } from '../../../src/server/seed/demo';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether PostgreSQL answers; the reason is printed when it does not, and its tests are skipped. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.warn(`PostgreSQL tests skipped: ${POSTGRES_URL} unreachable (${(error as Error).message})`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type Store = 'pglite' | 'postgres';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  /** A signed access token for an account, as the identity provider would issue it. */
  token(accountId: string, claims?: Record<string, unknown>, options?: TokenOptions): Promise<string>;
  /** Bearer token and function key headers for an account. */
  headers(accountId: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface TokenOptions {
  audience?: string;
  issuer?: string;
  typ?: string;
  expiresIn?: string | number;
  key?: 'trusted' | 'stranger';
}

export const learner = { accountId: demoId(1), profileId: profileIdOf(demoId(1)) };
export const account = (n: number) => ({ accountId: demoId(n), profileId: profileIdOf(demoId(n)) });

/**
 * The real app on a real database (in-memory PGlite, or a fresh PostgreSQL schema), seeded with the
 * demo data. Tokens are signed with a local key set handed to the verifier as its key source.
 */
export async function startTestServer(
  store: Store = 'pglite',
  env: Record<string, string> = {},
  appOptions: Pick<AppOptions, 'metrics' | 'logStream' | 'formActivitySink'> = {},
): Promise<TestServer> {
  // Load shedding is off unless a test turns it on: a busy test machine is not load.
  const config = loadConfig({
    DATA_DIR: '/tmp/portal-test-unused',
    LOG_LEVEL: 'silent',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(store === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : {}),
    ...env,
  });
  const schema = store === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase(config, { inMemory: true, schema });
  await seedDemoData(database.db);
  const trusted = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // Every answer is counted by route and status (the services' own metrics), so close() can check
  // that the OpenAPI document lists every status the tests saw. Silent unless the test reads the
  // log lines (logStream).
  const metrics = appOptions.metrics ?? createRequestMetrics();
  const app = await buildApp({
    config,
    database,
    jwks: createLocalJWKSet({ keys: [jwk] }),
    logger: appOptions.logStream ? undefined : false,
    ...appOptions,
    metrics,
  });
  await app.ready();

  const token = async (accountId: string, claims: Record<string, unknown> = {}, options: TokenOptions = {}) =>
    new SignJWT({ id: accountId, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: options.typ ?? 'at+jwt' })
      .setIssuer(options.issuer ?? config.issuer)
      .setAudience(options.audience ?? config.apiAudience)
      .setSubject(accountId)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(options.key === 'stranger' ? stranger.privateKey : trusted.privateKey);

  return {
    app,
    database,
    config,
    token,
    headers: async (accountId: string) => ({
      authorization: `Bearer ${await token(accountId)}`,
      [config.functionKeyHeader]: config.functionKey,
    }),
    async close() {
      const undocumented = await undocumentedAnswers(app, metrics);
      await app.close();
      if (schema) await dropSchema(database.db, schema);
      await database.close();
      if (undocumented.length > 0) throw new Error(`Answers the OpenAPI document does not list:\n${undocumented.join('\n')}`);
    },
  };
}

type OpenApiPaths = Record<string, Record<string, { responses?: Record<string, unknown> }>>;

/**
 * The answers the app gave (by method, route pattern and status, from its request metrics) whose
 * status the OpenAPI document does not list for that operation. Preflights, unmatched paths and
 * routes outside the document are not operations.
 */
export async function undocumentedAnswers(app: FastifyInstance, metrics: RequestMetrics): Promise<string[]> {
  const paths = (app.swagger() as { paths: OpenApiPaths }).paths;
  const found: string[] = [];
  for (const { labels } of (await metrics.requests.get()).values) {
    const method = String(labels.method) === 'HEAD' ? 'get' : String(labels.method).toLowerCase();
    const route = String(labels.route);
    const operation = paths[route.replace(/:(\w+)/g, '{$1}')]?.[method];
    if (method === 'options' || !operation) continue;
    if (!operation.responses?.[String(labels.status_code)]) found.push(`${String(labels.method)} ${route} answered ${String(labels.status_code)}`);
  }
  return found;
}

/**
 * A test server on `store` for the enclosing describe block, started once and closed after it; its
 * tests are skipped when PostgreSQL does not answer.
 */
export function useTestServer(store: Store): () => TestServer {
  let server: TestServer | undefined;
  let reachable = true;
  beforeAll(async () => {
    reachable = store === 'pglite' || (await postgresReachable());
    if (reachable) server = await startTestServer(store);
  });
  afterAll(async () => server?.close());
  beforeEach((ctx) => {
    if (!reachable) ctx.skip();
  });
  return () => {
    if (!server) throw new Error(`No test server on ${store}`);
    return server;
  };
}
