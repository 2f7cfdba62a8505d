import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch, type Response } from 'undici';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import { dropSchema, openDatabase, type Database } from '../../../src/server/db';
import { startIdentityProvider, type IdentityProvider } from '../../../src/server/idp';
import type { ThrottleSettings } from '../../../src/server/idp/throttle';
import { hashPassword } from '../../../src/server/identity/passwords';

export const PORTAL_ORIGIN = 'http://localhost:4399';
export const REDIRECT_URI = `${PORTAL_ORIGIN}/auth/redirect`;
export const TEST_THROTTLE: ThrottleSettings = { pairLimit: 3, addressLimit: 8, accountLimit: 12, windowMs: 60_000, delayStepMs: 5, maxDelayMs: 20 };

export interface TestAccount {
  id: string;
  email: string;
  password: string;
}

export interface Harness {
  config: ServerConfig;
  database: Database;
  idp: IdentityProvider;
  agent: Agent;
  dataDir: string;
  close(): Promise<void>;
}

export async function startHarness(throttle: Partial<ThrottleSettings> = TEST_THROTTLE, env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'idp-test-'));
  // PGlite by default; with DATABASE_URL the same tests run on PostgreSQL in a schema of their own.
  const config = loadConfig({ DATA_DIR: dataDir, IDP_PORT: '0', PORT: '4399', LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL, ...env });
  const schema = config.databaseUrl ? `idp_test_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase(config, schema ? { schema } : { inMemory: true });
  const idp = await startIdentityProvider({ config, database, log: quietLog, throttle });
  return assembleHarness({ config, database, idp, dataDir, dropSchemaOnClose: schema });
}

/**
 * A harness around a provider already started: an HTTP agent that trusts its local CA, and a close
 * that stops what runs first (`before`, e.g. an app in front of it), then the provider, the
 * database (dropping a test schema when named) and the data folder.
 */
export async function assembleHarness(parts: {
  config: ServerConfig;
  database: Database;
  idp: IdentityProvider;
  dataDir: string;
  dropSchemaOnClose?: string;
  before?: () => Promise<void>;
}): Promise<Harness> {
  const { config, database, idp, dataDir, dropSchemaOnClose, before } = parts;
  const agent = new Agent({ connect: { ca: await readFile(idp.caCertPath, 'utf8') } });
  return {
    config,
    database,
    idp,
    agent,
    dataDir,
    async close() {
      await before?.();
      await idp.close();
      await agent.close();
      if (dropSchemaOnClose) await dropSchema(database.db, dropSchemaOnClose);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const quietLog = { info: () => {}, warn: () => {}, error: console.error };

export async function createAccount(
  database: Database,
  fields: { email?: string; password?: string | null; source?: string; blocked?: boolean } = {},
): Promise<TestAccount> {
  const account = { id: randomUUID(), email: fields.email ?? `user-${randomUUID()}@example.com`, password: fields.password ?? 'Correct-Horse-2026' };
  await database.db
    .insertInto('accounts')
    .values({
      id: account.id,
      email: account.email,
      password_hash: fields.password === null ? null : await hashPassword(account.password),
      authentication_source: fields.source ?? 'localAuthentication',
      is_blocked: fields.blocked ?? false,
      given_name: 'Hana',
      family_name: 'Sato',
      locale: 'ja-JP',
    })
    .execute();
  return account;
}

/** A browser stand-in: follows nothing on its own and keeps the provider's cookies. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly agent: Agent) {}

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.form || init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: init.method ?? (init.form || init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.body ?? (init.form ? new URLSearchParams(init.form).toString() : undefined),
      redirect: 'manual',
      dispatcher: this.agent,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(issuer: string, challenge: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: 'portal',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    nonce: 'nonce-123',
    ...extra,
  });
  return `${issuer}/auth?${params}`;
}

export const absolute = (issuer: string, location: string | null): string => new URL(location ?? '', issuer).href;

/** Opens the authorization request and returns the sign-in page's address. */
export async function openSignIn(browser: Browser, issuer: string, challenge: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await browser.request(authorizeUrl(issuer, challenge, extra));
  if (res.status !== 303) throw new Error(`authorization request answered ${res.status}: ${await res.text()}`);
  return absolute(issuer, res.headers.get('location'));
}

/** Posts the sign-in form; on success follows the provider's own redirects to the portal's code. */
export async function submitSignIn(browser: Browser, issuer: string, interactionUrl: string, form: Record<string, string>) {
  const res = await browser.request(`${interactionUrl}/login`, { form });
  if (res.status !== 303) return { res, html: await res.text(), code: undefined };
  let location = absolute(issuer, res.headers.get('location'));
  while (location.startsWith(issuer)) {
    const next = await browser.request(location);
    if (next.status !== 303) throw new Error(`resume answered ${next.status}: ${await next.text()}`);
    location = absolute(issuer, next.headers.get('location'));
  }
  const redirect = new URL(location);
  return { res, html: '', code: redirect.searchParams.get('code') ?? undefined, redirect };
}

export async function tokenRequest(harness: Harness, form: Record<string, string>) {
  const res = await fetch(`${harness.idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL_ORIGIN },
    body: new URLSearchParams({ client_id: 'portal', ...form }).toString(),
    dispatcher: harness.agent,
  });
  return { res, body: (await res.json()) as Record<string, string> };
}

/** Runs the whole authorization code + PKCE flow and returns the token response. */
export async function signInForTokens(harness: Harness, account: TestAccount, extra: Record<string, string> = {}) {
  const browser = new Browser(harness.agent);
  const { verifier, challenge } = pkce();
  const interaction = await openSignIn(browser, harness.idp.issuer, challenge, extra);
  await browser.request(interaction);
  const { code } = await submitSignIn(browser, harness.idp.issuer, interaction, { email: account.email, password: account.password });
  if (!code) throw new Error('no authorization code');
  const tokens = await tokenRequest(harness, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  return { browser, tokens: tokens.body, status: tokens.res.status, headers: tokens.res.headers };
}
