import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { sql } from 'kysely';
import { fetch } from 'undici';
import { loadConfig } from '../../../src/server/config';
import { dropSchema, openDatabase } from '../../../src/server/db';
import { startIdentityProvider } from '../../../src/server/idp';
import { ensureTlsMaterial } from '../../../src/server/idp/tls';
import { postgresReachable, POSTGRES_URL } from '../server/harness';
import {
  assembleHarness,
  authorizeUrl,
  Browser,
  createAccount,
  pkce,
  quietLog,
  REDIRECT_URI,
  signInForTokens,
  TEST_THROTTLE,
  tokenRequest,
  type Harness,
} from './harness';

// Two identity providers on one PostgreSQL database, each with a data folder of its own (holding
// only a copy of one local TLS certificate, as a load balancer's would be): the first to start
// creates the signing and cookie keys in the database, the other reads them. A token either issues verifies with the other's published keys,
// and a session made at one is recognised by the other.

const schema = `idp_shared_${randomBytes(6).toString('hex')}`;
const instances: Harness[] = [];
let reachable = false;

async function startInstance(tlsDir: string): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'idp-shared-'));
  await cp(tlsDir, join(dataDir, 'tls'), { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, IDP_PORT: '0', PORT: '4399', LOG_LEVEL: 'warn', DATABASE_URL: POSTGRES_URL });
  const database = await openDatabase(config, { schema });
  const idp = await startIdentityProvider({ config, database, log: quietLog, throttle: TEST_THROTTLE });
  return assembleHarness({ config, database, idp, dataDir });
}

beforeAll(async () => {
  reachable = await postgresReachable();
  if (!reachable) return;
  // Migrate once, then start both together: they race to create the keys.
  await (await openDatabase({ databaseUrl: POSTGRES_URL, dataDir: '/tmp/unused' }, { schema })).close();
  const tls = await mkdtemp(join(tmpdir(), 'idp-shared-tls-'));
  await ensureTlsMaterial(tls);
  instances.push(...(await Promise.all([startInstance(join(tls, 'tls')), startInstance(join(tls, 'tls'))])));
  await rm(tls, { recursive: true, force: true });
});
afterAll(async () => {
  if (!reachable) return;
  const [first] = instances;
  if (first) await dropSchema(first.database.db, schema);
  for (const instance of instances) await instance.close();
});
beforeEach((ctx) => {
  if (!reachable) ctx.skip();
});

const jwksOf = async (instance: Harness) => (await (await fetch(`${instance.idp.issuer}/jwks`, { dispatcher: instance.agent })).json()) as JSONWebKeySet;

describe('identity providers sharing PostgreSQL', () => {
  it('keep one set of keys, in the database, created once', async () => {
    const [a, b] = instances as [Harness, Harness];
    expect(a.idp.issuer).not.toBe(b.idp.issuer);
    const [keysA, keysB] = [await jwksOf(a), await jwksOf(b)];
    expect(keysA.keys.map((k) => k.kid).sort()).toEqual(keysB.keys.map((k) => k.kid).sort());
    expect(keysA.keys).toHaveLength(2);
    const rows = await sql<{ name: string }>`select name from idp_secrets order by name`.execute(a.database.db);
    expect(rows.rows.map((r) => r.name)).toEqual(['key-ring']);
    for (const instance of instances) expect(existsSync(join(instance.dataDir, 'idp', 'key-ring.json'))).toBe(false);
  });

  it('issue tokens the other verifies', async () => {
    const [a, b] = instances as [Harness, Harness];
    const account = await createAccount(a.database);
    for (const [issuer, verifier] of [
      [a, b],
      [b, a],
    ] as const) {
      const { tokens, status } = await signInForTokens(issuer, account);
      expect(status).toBe(200);
      const keys = createLocalJWKSet(await jwksOf(verifier));
      const { payload } = await jwtVerify(tokens.access_token ?? '', keys, { issuer: issuer.idp.issuer, audience: issuer.config.apiAudience, typ: 'at+jwt' });
      expect(payload.sub).toBe(account.id);
      await expect(jwtVerify(tokens.id_token ?? '', keys, { issuer: issuer.idp.issuer, audience: 'portal' })).resolves.toBeDefined();
    }
  });

  it('recognise a session the other started (shared cookie keys and sessions)', async () => {
    const [a, b] = instances as [Harness, Harness];
    const account = await createAccount(a.database);
    const { browser } = await signInForTokens(a, account);
    // Silent sign-in at the other instance: with the session unknown there it would answer login_required.
    const { verifier, challenge } = pkce();
    const res = await browser.request(authorizeUrl(b.idp.issuer, challenge, { prompt: 'none' }));
    expect(res.status).toBe(303);
    const redirect = new URL(res.headers.get('location') ?? '', b.idp.issuer);
    expect(redirect.searchParams.get('error')).toBeNull();
    const code = redirect.searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await tokenRequest(b, { grant_type: 'authorization_code', code: code ?? '', redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(tokens.res.status).toBe(200);

    // A browser without that session is asked to sign in.
    const stranger = await new Browser(b.agent).request(authorizeUrl(b.idp.issuer, pkce().challenge, { prompt: 'none' }));
    expect(new URL(stranger.headers.get('location') ?? '', b.idp.issuer).searchParams.get('error')).toBe('login_required');
  });
});
