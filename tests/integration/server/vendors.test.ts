import { createHmac } from 'node:crypto';
import { decodeJwt, jwtVerify } from 'jose';
import { account, learner, startTestServer, type TestServer } from './harness';

const address = { address1: '1 Harbour Road', city: 'Toronto', state: 'ON', country: 'CAN', postalCode: 'M5V 2T6' };

describe('vendors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { SIERRA_URL: 'https://sierra.certification.example' });
  });
  afterAll(async () => server.close());

  const get = async (url: string, who = learner) => server.app.inject({ method: 'GET', url, headers: await server.headers(who.accountId) });
  const post = async (url: string, payload: unknown, who = learner) =>
    server.app.inject({ method: 'POST', url, headers: await server.headers(who.accountId), payload: payload as object });
  const secret = (s: string) => new TextEncoder().encode(s);

  it('pending fulfilments, release to a valid address, then none pending (and the sierra variant)', async () => {
    const who = account(10);
    const pending = await get(`/api/vendors/certmetrics/${who.profileId}/pendingfulfillments`, who);
    expect(pending.json()).toMatchObject({ hasPendingFulfillments: true, fulfillments: [expect.objectContaining({ status: 'pending' }), expect.anything()] });
    const sierra = await get(`/api/vendors/sierra/${who.profileId}/pendingfulfillments`, who);
    expect(sierra.json().hasPendingFulfillments).toBe(true);
    // The portal is told to use the sierra routes.
    expect((await server.app.inject({ method: 'GET', url: '/portal-config.json' })).json().fulfilmentSource).toBe('sierra');

    const invalid = await post('/api/vendors/certmetrics/releasefulfillments', { address: { ...address, postalCode: '12345' }, profileId: who.profileId }, who);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toContainEqual({ path: '/address/postalCode', key: 'Validation.InvalidPostalCode' });

    const released = await post('/api/vendors/certmetrics/releasefulfillments', { address, profileId: who.profileId }, who);
    expect(released.json()).toEqual({ released: 2 });
    expect((await get(`/api/vendors/certmetrics/${who.profileId}/pendingfulfillments`, who)).json()).toEqual({
      hasPendingFulfillments: false,
      fulfillments: [],
    });
  });

  it("each pending item carries the time it was ordered; another account's items can be neither read nor released", async () => {
    const owner = account(32);
    const mine = (await get(`/api/vendors/certmetrics/${owner.profileId}/pendingfulfillments`, owner)).json();
    expect(mine.fulfillments).toHaveLength(1);
    expect(new Date(mine.fulfillments[0].createdAt).toISOString()).toBe(mine.fulfillments[0].createdAt);

    for (const source of ['certmetrics', 'sierra']) {
      const peek = await get(`/api/vendors/${source}/${owner.profileId}/pendingfulfillments`, learner);
      expect([403, 404]).toContain(peek.statusCode);
      const release = await post(`/api/vendors/${source}/releasefulfillments`, { address, profileId: owner.profileId }, learner);
      expect([403, 404]).toContain(release.statusCode);
    }
    const verify = await post('/api/vendors/certmetrics/verifyaddress', { address, profileId: owner.profileId }, learner);
    expect([403, 404]).toContain(verify.statusCode);
    expect((await get(`/api/vendors/certmetrics/${owner.profileId}/pendingfulfillments`, owner)).json().fulfillments).toHaveLength(1);
  });

  it('verifies an address with the address rules', async () => {
    const ok = await post('/api/vendors/certmetrics/verifyaddress', { address: { ...address, state: 'on' }, profileId: learner.profileId });
    expect(ok.json()).toEqual({ isValid: true, address: { ...address, state: 'ON' } });
    const bad = await post('/api/vendors/certmetrics/verifyaddress', { address: { address1: '', country: 'USA' }, profileId: learner.profileId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(expect.arrayContaining([{ path: '/address/city', key: 'Validation.Required' }]));
  });

  it('signs partner tokens with each partner secret', async () => {
    const skillable = (await get(`/api/vendors/skillable/ssosurl/${learner.profileId}`)).json();
    const url = new URL(skillable.url);
    expect(url.origin).toBe(server.config.sandboxOrigin);
    await expect(jwtVerify(url.searchParams.get('token') ?? '', secret(server.config.partnerSecrets.skillable))).resolves.toBeTruthy();

    const certmetrics = (await get(`/api/vendors/certmetrics/tokens/${learner.accountId}`)).json();
    const { payload } = await jwtVerify(certmetrics.token, secret(server.config.partnerSecrets.certMetrics), { audience: 'certmetrics' });
    expect(payload).toMatchObject({ sub: learner.accountId, email: 'learner@example.com' });
    await expect(jwtVerify(certmetrics.token, secret(server.config.partnerSecrets.zendesk))).rejects.toThrow();

    const zendesk = (await get(`/api/vendors/zendesk/tokens/${learner.profileId}`)).json();
    const claims = (await jwtVerify(zendesk.token, secret(server.config.partnerSecrets.zendesk), { algorithms: ['HS256'] })).payload;
    expect(Object.keys(claims).sort()).toEqual(['email', 'external_id', 'iat', 'jti', 'name']);
    expect(claims).toMatchObject({ name: 'Alex Rivera', email: 'learner@example.com', external_id: learner.accountId });
    expect(decodeJwt(zendesk.token).jti).toBeTruthy();
  });

  it('support (zendesk) signs an account without a profile by its account, and no one else’s', async () => {
    const noProfile = account(12);
    const answer = await get(`/api/vendors/zendesk/tokens/${noProfile.accountId}`, noProfile);
    expect(answer.statusCode).toBe(200);
    const claims = (await jwtVerify(answer.json().token, secret(server.config.partnerSecrets.zendesk), { algorithms: ['HS256'] })).payload;
    expect(claims).toMatchObject({ name: 'Quinn Empty', email: 'noprofile@example.com', external_id: noProfile.accountId });
    // Another account's id is still refused.
    expect((await get(`/api/vendors/zendesk/tokens/${learner.accountId}`, noProfile)).statusCode).toBe(403);
  });

  it('exam delivery: no token before the candidate exists; candidates validates, creates the candidate and sets externalIds.pearsonVue', async () => {
    expect((await get(`/api/vendors/pearson/tokens/${learner.profileId}`)).statusCode).toBe(409);
    const profile = (await get(`/api/profiles/account/${learner.accountId}`)).json();
    const form = {
      id: learner.profileId,
      email: profile.email,
      givenName: profile.givenName,
      primaryAddress: { address1: '100 Main Street', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601', index: 0 },
      phoneNumber: { countryCode: '1', phone: '3125550100', phonetype: 'Home', index: 0 },
      mobilephoneNumber: { countryCode: '1', phone: '3125550102', phonetype: 'Cellphone' },
      privacyPolicyAccepted: true,
      allowCredentialReleaseToThirdParty: true,
    };
    const invalid = await post('/api/vendors/pearson/candidates', { ...form, privacyPolicyAccepted: false });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { path: string }) => e.path)).toContain('/privacyPolicyAccepted');

    const created = await post('/api/vendors/pearson/candidates', form);
    expect(created.statusCode).toBe(200);
    const vueId = created.json().externalIds.pearsonVue;
    expect(vueId).toMatch(/^\d{9}$/);
    expect(created.json().privacyPolicyAccepted).toBe(true);
    const row = await server.database.db.selectFrom('pearson_candidates').selectAll().where('account_id', '=', learner.accountId).executeTakeFirstOrThrow();
    expect(row.candidate_id).toBe(vueId);

    const updated = await post('/api/vendors/pearson/candidates', { ...form, allowCredentialReleaseToThirdParty: false });
    expect(updated.json().externalIds.pearsonVue).toBe(vueId);
    expect(updated.json().allowCredentialReleaseToThirdParty).toBe(false);
    const renamed = await post('/api/vendors/pearson/candidates', { ...form, givenName: { ...form.givenName, lastName: 'Other' } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ path: '/givenName/lastName', key: 'Validation.ReadOnly' }]);
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/profiles/${learner.profileId}/candidate`,
      headers: await server.headers(learner.accountId),
      payload: [{ op: 'replace', path: '/givenName/lastName', value: 'Other' }],
    });
    expect(patched.json().errors).toEqual([{ path: '/givenName/lastName', key: 'Validation.ReadOnly' }]);

    const token = (await get(`/api/vendors/pearson/tokens/${learner.profileId}`)).json();
    expect(token).toMatchObject({ clientCode: server.config.pearsonClientCode, vueCandidateId: vueId, externalSessionTimeout: '30' });
    const expected = createHmac('sha256', server.config.partnerSecrets.pearsonVue)
      .update(`${token.clientCode}${vueId}${token.externalPageTimestamp}${token.externalSessionTimeout}`)
      .digest('base64');
    expect(token.token).toBe(expected);
  });

  it('a blocked account cannot register for exams', async () => {
    const blocked = account(3);
    expect((await get(`/api/vendors/pearson/tokens/${blocked.profileId}`, blocked)).statusCode).toBe(403);
    expect((await post('/api/vendors/pearson/candidates', { id: blocked.profileId }, blocked)).statusCode).toBe(403);
  });
});
