import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { fetch } from 'undici';
import { loadConfig } from '../../../src/server/config';
import { startIdentityProvider } from '../../../src/server/idp';
import { authorityMetadata } from '../../../src/server/idp/endpoints';
import {
  absolute,
  Browser,
  createAccount,
  PORTAL_ORIGIN,
  quietLog,
  signInForTokens,
  startHarness,
  tokenRequest,
  type Harness,
  type TestAccount,
} from './harness';

let harness: Harness;
let account: TestAccount;

beforeAll(async () => {
  harness = await startHarness();
  account = await createAccount(harness.database);
});
afterAll(() => harness.close());

const get = (path: string) => fetch(`${harness.idp.issuer}${path}`, { dispatcher: harness.agent });
const keys = async () => createLocalJWKSet((await (await get('/jwks')).json()) as JSONWebKeySet);

describe('identity provider protocol', () => {
  it('publishes a discovery document for the issuer over TLS', async () => {
    const res = await get('/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(harness.idp.issuer);
    expect(doc.jwks_uri).toBe(harness.idp.jwksUri);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.end_session_endpoint).toBe(`${harness.idp.issuer}/session/end`);
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['sub', 'id', 'email', 'given_name', 'family_name', 'locale']));
  });

  it('publishes the endpoints the portal is handed with its configuration', async () => {
    const doc = (await (await get('/.well-known/openid-configuration')).json()) as Record<string, unknown>;
    const handed = authorityMetadata(harness.idp.issuer);
    expect(Object.keys(handed).length).toBeGreaterThan(3);
    for (const [field, value] of Object.entries(handed)) expect(doc[field], field).toBe(value);
  });

  it('publishes public RS256 and ES256 signing keys only', async () => {
    const { keys: published } = (await (await get('/jwks')).json()) as { keys: Record<string, unknown>[] };
    expect(published.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    for (const key of published) expect(key).not.toHaveProperty('d');
  });

  it('answers CORS for the portal origin only', async () => {
    const allowed = await fetch(`${harness.idp.issuer}/token`, {
      method: 'OPTIONS',
      headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'POST' },
      dispatcher: harness.agent,
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
    // MSAL adds its telemetry headers to the token request; the preflight must let them through.
    const msalHeaders = 'content-type,client-request-id,x-client-sku,x-client-ver,x-client-os,x-app-name,x-app-ver,x-ms-lib-capability';
    const preflight = await fetch(`${harness.idp.issuer}/token`, {
      method: 'OPTIONS',
      headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': msalHeaders },
      dispatcher: harness.agent,
    });
    expect(preflight.status).toBeLessThan(300);
    const allowedHeaders = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of msalHeaders.split(',')) expect(allowedHeaders).toContain(header);
    const other = await tokenRequest(harness, { grant_type: 'refresh_token', refresh_token: 'x' });
    expect(other.res.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
    const foreign = await fetch(`${harness.idp.issuer}/token`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=portal&grant_type=refresh_token&refresh_token=x',
      dispatcher: harness.agent,
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('runs the authorization code flow with PKCE and issues tokens for the portal API', async () => {
    const { tokens, status } = await signInForTokens(harness, account);
    expect(status).toBe(200);
    expect(tokens.refresh_token).toBeTruthy();

    const jwks = await keys();
    const id = await jwtVerify(tokens.id_token!, jwks, { issuer: harness.idp.issuer, audience: 'portal' });
    expect(id.payload).toMatchObject({
      sub: account.id,
      id: account.id,
      email: account.email,
      name: 'Hana Sato',
      given_name: 'Hana',
      family_name: 'Sato',
      locale: 'ja-JP',
      nonce: 'nonce-123',
    });

    expect(decodeProtectedHeader(tokens.access_token!).typ).toBe('at+jwt');
    const at = await jwtVerify(tokens.access_token!, jwks, {
      issuer: harness.idp.issuer,
      audience: harness.config.apiAudience,
      typ: 'at+jwt',
    });
    expect(at.payload).toMatchObject({ sub: account.id, id: account.id, email: account.email, client_id: 'portal' });
    expect(at.payload.exp!).toBeLessThanOrEqual(id.payload.exp!);
  });

  it('refreshes tokens with a rotated refresh token', async () => {
    const { tokens } = await signInForTokens(harness, account);
    const refreshed = await tokenRequest(harness, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refreshed.res.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    const jwks = await keys();
    const id = await jwtVerify(refreshed.body.id_token!, jwks, { issuer: harness.idp.issuer, audience: 'portal' });
    expect(id.payload.id).toBe(account.id);
    const at = await jwtVerify(refreshed.body.access_token!, jwks, { audience: harness.config.apiAudience, typ: 'at+jwt' });
    expect(at.payload.id).toBe(account.id);
  });

  it('never shows the portal a consent screen, even when the request asks for consent', async () => {
    const { tokens, status } = await signInForTokens(harness, account, { prompt: 'consent', scope: 'openid profile email offline_access api' });
    expect(status).toBe(200);
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['api']));
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('rejects a code exchange without the PKCE verifier', async () => {
    const browser = new Browser(harness.agent);
    const { openSignIn, submitSignIn, pkce } = await import('./harness');
    const { challenge } = pkce();
    const interaction = await openSignIn(browser, harness.idp.issuer, challenge);
    const { code } = await submitSignIn(browser, harness.idp.issuer, interaction, { email: account.email, password: account.password });
    const wrong = await tokenRequest(harness, {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: `${PORTAL_ORIGIN}/auth/redirect`,
      code_verifier: pkce().verifier,
    });
    expect(wrong.res.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('signs out back to the portal, confirming by itself only with the ID token as hint', async () => {
    const { browser, tokens } = await signInForTokens(harness, account);
    const endSession = (params: Record<string, string>) =>
      browser.request(
        `${harness.idp.issuer}/session/end?${new URLSearchParams({ post_logout_redirect_uri: `${PORTAL_ORIGIN}/logout/done`, ui_locales: 'ja', ...params })}`,
      );

    // A cross-site link that only names the client is asked about, never confirmed by itself.
    const crossSite = await endSession({ client_id: 'portal' });
    expect(crossSite.status).toBe(200);
    const question = await crossSite.text();
    expect(question).toContain('認定ポータルからサインアウトしますか');
    expect(question).not.toContain('data-auto-confirm');

    const end = await endSession({ client_id: 'portal', id_token_hint: tokens.id_token! });
    expect(end.status).toBe(200);
    const page = await end.text();
    expect(page).toContain('lang="ja"');
    expect(page).toContain('data-auto-confirm');
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    expect(action && xsrf).toBeTruthy();
    const confirm = await browser.request(absolute(harness.idp.issuer, action!), { form: { xsrf: xsrf!, logout: 'yes' } });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${PORTAL_ORIGIN}/logout/done`);

    const refresh = await tokenRequest(harness, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('lets a second instance on the same data folder and database finish what the first started', async () => {
    const config = loadConfig({ DATA_DIR: harness.dataDir, IDP_PORT: '0', PORT: '4399' });
    const second = await startIdentityProvider({ config, database: harness.database, log: quietLog });
    try {
      expect(await readFile(second.caCertPath, 'utf8')).toBe(await readFile(harness.idp.caCertPath, 'utf8'));
      const { keys: first } = (await (await get('/jwks')).json()) as { keys: { kid: string }[] };
      const other = await fetch(second.jwksUri, { dispatcher: harness.agent });
      const { keys: again } = (await other.json()) as { keys: { kid: string }[] };
      expect(again.map((k) => k.kid)).toEqual(first.map((k) => k.kid));

      // A refresh token issued by the first instance is redeemed at the second.
      const { tokens } = await signInForTokens(harness, account);
      const res = await fetch(`${second.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: 'portal', grant_type: 'refresh_token', refresh_token: tokens.refresh_token! }).toString(),
        dispatcher: harness.agent,
      });
      const body = (await res.json()) as Record<string, string>;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.access_token).toBeTruthy();
    } finally {
      await second.close();
    }
  });
});
