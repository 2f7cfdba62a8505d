import { buildApp } from '../../../src/server/app';
import { seedDemoData } from '../../../src/server/seed/demo';
import { decodeJwt } from 'jose';
import { LEARNER_ID, LEARNER_PASSWORD, OWNER_ID, OWNER_PASSWORD, TRANSLATOR_ID, TRANSLATOR_PASSWORD } from '../../../src/server/seed/demo-data';
import { signInForTokens, startHarness, type Harness } from '../idp/harness';

// The services against the real identity provider: keys fetched from its jwks_uri over TLS,
// trusting only its CA file; tokens from a real authorization code + PKCE sign-in.
describe('tokens of the identity provider', () => {
  let harness: Harness;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    harness = await startHarness();
    await seedDemoData(harness.database.db);
    const config = { ...harness.config, issuer: harness.idp.issuer, logLevel: 'silent' };
    app = await buildApp({ config, database: harness.database, jwks: { jwksUri: harness.idp.jwksUri, caCertPath: harness.idp.caCertPath }, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await harness?.close();
  });

  it('accepts the access token of a signed-in learner and refuses the ID token as bearer', async () => {
    const { tokens } = await signInForTokens(harness, { id: LEARNER_ID, email: 'learner@example.com', password: LEARNER_PASSWORD });
    const call = (token: string | undefined) =>
      app.inject({
        method: 'GET',
        url: `/api/profiles/account/${LEARNER_ID}`,
        headers: { authorization: `Bearer ${token}`, [harness.config.functionKeyHeader]: harness.config.functionKey },
      });
    const ok = await call(tokens.access_token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ssoId).toBe(LEARNER_ID);
    expect((await call(tokens.id_token)).statusCode).toBe(401);
  });

  it('carries the admin roles in the access and ID tokens, and the services check them', async () => {
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, [harness.config.functionKeyHeader]: harness.config.functionKey });
    const forms = (token: string) => app.inject({ method: 'GET', url: '/api/admin/rules/forms', headers: headers(token) });

    const owner = (await signInForTokens(harness, { id: OWNER_ID, email: 'owner@example.com', password: OWNER_PASSWORD })).tokens;
    expect(decodeJwt(owner.access_token!).roles).toEqual(['product-owner']);
    expect(decodeJwt(owner.id_token!).roles).toEqual(['product-owner']);
    expect((await forms(owner.access_token!)).statusCode).toBe(200);

    const translator = (await signInForTokens(harness, { id: TRANSLATOR_ID, email: 'translator@example.com', password: TRANSLATOR_PASSWORD })).tokens;
    expect(decodeJwt(translator.access_token!).roles).toEqual(['localisation']);
    expect((await forms(translator.access_token!)).statusCode).toBe(403);

    const learner = (await signInForTokens(harness, { id: LEARNER_ID, email: 'learner@example.com', password: LEARNER_PASSWORD })).tokens;
    expect(decodeJwt(learner.access_token!)).not.toHaveProperty('roles');
    expect(decodeJwt(learner.id_token!)).not.toHaveProperty('roles');
    expect((await forms(learner.access_token!)).statusCode).toBe(403);
  });
});
