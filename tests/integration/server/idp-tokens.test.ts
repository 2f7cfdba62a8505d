import { buildApp } from '../../../src/server/app';
import { seedDemoData } from '../../../src/server/seed/demo';
import { LEARNER_ID, LEARNER_PASSWORD } from '../../../src/server/seed/demo-data';
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
});
