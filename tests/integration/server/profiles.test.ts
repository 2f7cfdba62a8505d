import { sql } from 'kysely';
import { buildProfilePatch } from '../../../src/shared/profile/patch';
import { toProfileView, type ProfileView, type StoredProfile } from '../../../src/shared/profile/view';
import { account, learner, type Store, useTestServer } from './harness';

const stores: Store[] = ['pglite', 'postgres'];

describe.each(stores)('profiles on %s', (store) => {
  const server = useTestServer(store);

  const read = async (who = learner) => {
    const res = await server().app.inject({ method: 'GET', url: `/api/profiles/account/${who.accountId}`, headers: await server().headers(who.accountId) });
    expect(res.statusCode).toBe(200);
    return { profile: res.json() as StoredProfile & ProfileView, etag: res.headers.etag as string };
  };
  const patch = async (body: unknown, who = learner, suffix = '', extra: Record<string, string> = {}) =>
    server().app.inject({
      method: 'PATCH',
      url: `/api/profiles/${who.profileId}${suffix}`,
      headers: { ...(await server().headers(who.accountId)), ...extra },
      payload: body as object,
    });
  /** A realistic body: the portal's own patch builder on an edited form view. */
  const edit = async (change: (view: ProfileView) => void, who = learner) => {
    const { profile } = await read(who);
    const before = toProfileView(profile);
    delete before.id;
    const after = structuredClone(before);
    change(after);
    return buildProfilePatch(profile, before, after);
  };
  const storedRow = async (who = learner) =>
    server().database.db.selectFrom('profiles').select(['document', 'version']).where('id', '=', who.profileId).executeTakeFirstOrThrow();

  it('answers the profile with derived items and an ETag', async () => {
    const { profile, etag } = await read();
    expect(etag).toMatch(/^".+"$/);
    expect(profile).toMatchObject({
      id: learner.profileId,
      ssoId: learner.accountId,
      primaryAddress: { isPrimary: true, city: 'Chicago' },
      primaryPhoneNumber: { isPrimary: true, phonetype: 'Home' },
      secondaryPhoneNumber: { isPrimary: false, phonetype: 'Home' },
      mobilePhoneNumber: { isPrimary: false, phonetype: 'Cellphone' },
      preferredName: { firstName: 'Alex' },
    });
  });

  it('replaces a top-level field, a given-name subfield and a preference, and records the audit', async () => {
    const who = account(22);
    const body = await edit((v) => {
      v.company = 'Patched Co';
      v.givenName = { ...v.givenName, middleName: 'Q' };
      v.preferences = { ...v.preferences, language: 'ja' };
    }, who);
    expect(body.map((op) => op.path)).toEqual(['/company', '/givenName/middleName', '/preferences/language']);
    const res = await patch(body, who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company: 'Patched Co', givenName: { middleName: 'Q' }, preferences: { language: 'ja' } });
    // The answer is what was written (not read back), so it must equal a fresh read, ETag included.
    const fresh = await read(who);
    expect(res.json()).toEqual(fresh.profile);
    expect(res.headers.etag).toBe(fresh.etag);
    const audit = await server().database.db.selectFrom('profile_audit').selectAll().where('profile_id', '=', who.profileId).execute();
    expect(audit.at(-1)).toMatchObject({
      actor_id: who.accountId,
      action: 'patch-profile',
      paths: ['/company', '/givenName/middleName', '/preferences/language'],
    });
  });

  it('replaces address fields by index and adds a primary address at /addresses/- when there is none', async () => {
    const who = account(22);
    const res = await patch(await edit((v) => (v.primaryAddress = { ...v.primaryAddress, city: 'Evanston' }), who), who);
    expect(res.json().primaryAddress).toMatchObject({ city: 'Evanston', index: 0, isPrimary: true });

    const doc = (await storedRow(who)).document;
    await server()
      .database.db.updateTable('profiles')
      .set({ document: JSON.stringify({ ...doc, addresses: [] }) })
      .where('id', '=', who.profileId)
      .execute();
    const body = await edit((v) => (v.primaryAddress = { address1: '9 Elm St', city: 'Austin', state: 'TX', country: 'USA', postalCode: '73301' }), who);
    expect(body).toEqual([{ op: 'add', path: '/addresses/-', value: expect.objectContaining({ isPrimary: true, city: 'Austin' }) }]);
    const added = await patch(body, who);
    expect(added.statusCode).toBe(200);
    expect(added.json().addresses).toEqual([expect.objectContaining({ city: 'Austin', index: 0, isPrimary: true })]);
  });

  it('replaces, removes and adds phones; isPrimary only on the primary', async () => {
    const who = learner;
    const body = await edit((v) => {
      v.primaryPhoneNumber = { ...v.primaryPhoneNumber, phone: '3125550111' };
      v.secondaryPhoneNumber = { ...v.secondaryPhoneNumber, phone: '' };
    });
    expect(body).toContainEqual({ op: 'remove', path: '/phoneNumbers/1' });
    const res = await patch(body, who);
    expect(res.statusCode).toBe(200);
    const answered = res.json();
    expect(answered.phoneNumbers).toHaveLength(2);
    expect(answered.primaryPhoneNumber).toMatchObject({ phone: '3125550111', isPrimary: true });
    expect(answered.secondaryPhoneNumber).toBeUndefined();
    expect(answered.mobilePhoneNumber).toMatchObject({ index: 1, isPrimary: false });

    const again = await patch(await edit((v) => (v.secondaryPhoneNumber = { countryCode: '1', phone: '3125550122', phonetype: 'Home' })), who);
    expect(again.json().secondaryPhoneNumber).toMatchObject({ phone: '3125550122', isPrimary: false, index: 2 });
  });

  it('400 with the failing paths and keys (and what each message may say of its rule), and nothing written', async () => {
    const who = account(26);
    const before = await storedRow(who);
    const res = await patch(
      await edit((v) => {
        v.primaryAddress = { ...v.primaryAddress, city: 'C'.repeat(40) };
        v.givenName = { ...v.givenName, firstName: 'someone@example.com' };
      }, who),
      who,
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    // The limit comes from the schema, so the portal can say it ("at most 32 characters").
    expect(body.errors).toContainEqual({ path: '/primaryAddress/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: 32 } });
    expect(body.errors.map((e: { path: string }) => e.path)).toContain('/givenName/firstName');
    const after = await storedRow(who);
    expect(after).toEqual(before);
  });

  it('the secondary phone may not equal the primary; SMS consent needs a mobile phone', async () => {
    const who = account(26);
    const res = await patch(
      await edit((v) => {
        v.secondaryPhoneNumber = { ...v.primaryPhoneNumber };
        v.allowConsentToSendSmsTextMessages = true;
      }, who),
      who,
    );
    expect(res.statusCode).toBe(400);
    const keys = res.json().errors.map((e: { key: string }) => e.key);
    expect(keys).toContain('Validation.PrimaryPhoneNumber');
    expect(keys).toContain('Validation.validMobilePhoneNumber');
  });

  it('refuses fields only the services set, and malformed operations', async () => {
    const res = await patch([
      { op: 'replace', path: '/email', value: 'x@example.com' },
      { op: 'replace', path: '/externalIds/pearsonVue', value: '1' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: '/email', key: 'Validation.ReadOnly' },
      { path: '/externalIds/pearsonVue', key: 'Validation.ReadOnly' },
    ]);
    const bad = await patch([{ op: 'move', from: '/a', path: '/company' }]);
    expect(bad.statusCode).toBe(400);
    const missing = await patch([{ op: 'remove', path: '/phoneNumbers/9' }]);
    expect(missing.statusCode).toBe(400);
  });

  it('412 for a stale If-Match, nothing written; the current ETag is accepted', async () => {
    const who = account(27);
    const { etag } = await read(who);
    const first = await patch([{ op: 'replace', path: '/company', value: 'First' }], who, '', { 'if-match': etag });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).not.toBe(etag);
    const stale = await patch([{ op: 'replace', path: '/company', value: 'Second' }], who, '', { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: expect.any(String), statusCode: 412 });
    expect((await storedRow(who)).document.company).toBe('First');
  });

  it('concurrent patches with the same If-Match: one lands, every other answers 412 and writes nothing', async () => {
    const who = account(26);
    // One token for every request, verified once by this read: the patches then reach the
    // database together instead of one after another behind their token checks.
    const auth = await server().headers(who.accountId);
    const first = await server().app.inject({ method: 'GET', url: `/api/profiles/account/${who.accountId}`, headers: auth });
    const etag = first.headers.etag as string;
    const before = await storedRow(who);
    const audits = async () => (await server().database.db.selectFrom('profile_audit').select('id').where('profile_id', '=', who.profileId).execute()).length;
    const auditsBefore = await audits();
    const values = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    // PostgreSQL: open a pool connection for each patch beforehand, so none waits for one to be made.
    await Promise.all(values.map(() => sql`select pg_sleep(0.02)`.execute(server().database.db)));
    const results = await Promise.all(
      values.map((value) =>
        server().app.inject({
          method: 'PATCH',
          url: `/api/profiles/${who.profileId}`,
          headers: { ...auth, 'if-match': etag },
          payload: [{ op: 'replace', path: '/company', value }],
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(values.length - 1);
    const winner = values[statuses.indexOf(200)];
    const after = await storedRow(who);
    expect(after.document.company).toBe(winner);
    expect(after.version).toBe(before.version + 1);
    expect(await audits()).toBe(auditsBefore + 1);
    // The winner's new ETag is the one a later save must send.
    const next = await patch([{ op: 'replace', path: '/company', value: 'Later' }], who, '', {
      'if-match': results[statuses.indexOf(200)]!.headers.etag as string,
    });
    expect(next.statusCode).toBe(200);
  });

  it('concurrent patches without If-Match all land; none is lost', async () => {
    const who = account(25);
    const fields = ['firstName', 'middleName', 'lastName', 'suffix'] as const;
    const values = { firstName: 'Conc', middleName: 'Urrent', lastName: 'Writer', suffix: 'Jr.' };
    const results = await Promise.all(fields.map((f) => patch([{ op: 'replace', path: `/givenName/${f}`, value: values[f] }], who)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const { document, version } = await storedRow(who);
    expect(document.givenName).toEqual(values);
    const audit = await server().database.db.selectFrom('profile_audit').select('paths').where('profile_id', '=', who.profileId).execute();
    expect(audit.length).toBeGreaterThanOrEqual(4);
    expect(version).toBeGreaterThanOrEqual(5);
  });

  it('/candidate validates with the exam rules, /populi with the demographics rules', async () => {
    const who = account(21);
    const candidate = await patch([{ op: 'replace', path: '/privacyPolicyAccepted', value: false }], who, '/candidate');
    expect(candidate.statusCode).toBe(400);
    expect(candidate.json().errors.map((e: { path: string }) => e.path)).toContain('/privacyPolicyAccepted');
    const ok = await patch([{ op: 'replace', path: '/privacyPolicyAccepted', value: true }], who, '/candidate');
    expect(ok.statusCode).toBe(200);

    const populi = await patch([{ op: 'replace', path: '/birthDay', value: '31' }], who, '/populi');
    expect(populi.statusCode).toBe(400);
    const fields = populi.json().errors.map((e: { path: string }) => e.path);
    expect(fields).toEqual(expect.arrayContaining(['/birthMonth', '/birthYear']));
    const populiOk = await patch(
      [
        { op: 'replace', path: '/birthDay', value: '29' },
        { op: 'replace', path: '/birthMonth', value: '02' },
        { op: 'replace', path: '/birthYear', value: '2000' },
        { op: 'replace', path: '/isOlderThanEighteenYears', value: true },
        { op: 'replace', path: '/allowConsentToGatherBirthInformation', value: true },
        { op: 'add', path: '/phoneNumbers/-', value: { countryCode: '1', phone: '3125550188', phonetype: 'Cellphone', isPrimary: false } },
      ],
      who,
      '/populi',
    );
    expect(populiOk.json().errors ?? []).toEqual([]);
    expect(populiOk.statusCode).toBe(200);
    expect(populiOk.json().mobilePhoneNumber).toMatchObject({ phone: '3125550188' });
  });

  it('role and campus of the certification platform; the CertMaster profile call', async () => {
    const admin = account(6);
    const role = await server().app.inject({
      method: 'GET',
      url: `/api/profiles/${admin.profileId}/cmp/role`,
      headers: await server().headers(admin.accountId),
    });
    expect(role.json()).toEqual({ role: 'administrator', campusId: 'campus-1001' });
    const none = await server().app.inject({
      method: 'GET',
      url: `/api/profiles/${learner.profileId}/cmp/role`,
      headers: await server().headers(learner.accountId),
    });
    expect(none.json()).toEqual({ role: 'none', campusId: null });

    const link = account(11);
    const created = await server().app.inject({
      method: 'POST',
      url: `/api/profiles/${link.profileId}/cmp/profile`,
      headers: await server().headers(link.accountId),
    });
    expect(created.json()).toEqual({ certMasterId: expect.stringMatching(/^cm-/), created: true });
    const again = await server().app.inject({
      method: 'POST',
      url: `/api/profiles/${link.profileId}/cmp/profile`,
      headers: await server().headers(link.accountId),
    });
    expect(again.json()).toEqual({ certMasterId: created.json().certMasterId, created: false });
  });

  it('announcements by language, English when a language has none', async () => {
    const h = await server().headers(learner.accountId);
    const ja = await server().app.inject({ method: 'GET', url: '/api/announcements/?language=ja', headers: h });
    expect(
      ja
        .json()
        .map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual(['maintenance-ja', 'welcome-ja']);
    const ko = await server().app.inject({ method: 'GET', url: '/api/announcements?language=ko', headers: h });
    expect(
      ko
        .json()
        .map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual(['maintenance-en', 'welcome-en']);
  });
  it('creates the profile of an account that has none, once, with the form rules', async () => {
    const who = account(12); // noprofile@example.com
    const headers = await server().headers(who.accountId);
    // No profile yet is the normal state of a new account: a 2xx, which browsers do not log as a failed load.
    const missing = await server().app.inject({ method: 'GET', url: `/api/profiles/account/${who.accountId}`, headers });
    expect(missing.statusCode).toBe(204);
    expect(missing.body).toBe('');
    expect(missing.headers.etag).toBeUndefined();
    // Another account's id is still refused, profile or not.
    const other = await server().app.inject({ method: 'GET', url: `/api/profiles/account/${learner.accountId}`, headers });
    expect(other.statusCode).toBe(403);
    // The portal's own patch builder, from an empty profile to the filled-in form.
    const before: ProfileView = { email: 'noprofile@example.com' };
    const filled: ProfileView = {
      ...before,
      givenName: { firstName: 'Quinn', lastName: 'Empty' },
      primaryAddress: { address1: '1 Main St', city: 'Springfield', state: 'IL', country: 'USA', postalCode: '62701' },
      primaryPhoneNumber: { countryCode: '1', phone: '2175550100', phonetype: 'Home' },
    };
    const create = (body: unknown, id = who.accountId) =>
      server().app.inject({ method: 'POST', url: `/api/profiles/account/${id}`, headers, payload: body as object });

    const refused = await create(
      buildProfilePatch({ addresses: [], phoneNumbers: [] }, before, { ...filled, givenName: { firstName: 'Q'.repeat(31), lastName: 'Empty' } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ path: '/givenName/firstName', key: 'Validation.MaxLength', params: { rule: 'maxLength', limit: 30 } });
    expect((await create([{ op: 'replace', path: '/email', value: 'someone.else@example.com' }])).statusCode).toBe(400);
    expect((await create(buildProfilePatch({ addresses: [], phoneNumbers: [] }, before, filled), learner.accountId)).statusCode).toBe(403);

    const created = await create(buildProfilePatch({ addresses: [], phoneNumbers: [] }, before, filled));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'noprofile@example.com',
      ssoId: who.accountId,
      givenName: { firstName: 'Quinn', lastName: 'Empty' },
      primaryAddress: { city: 'Springfield', isPrimary: true },
      primaryPhoneNumber: { phone: '2175550100', isPrimary: true },
    });
    const fresh = await read(who);
    expect(created.json()).toEqual(fresh.profile);
    expect(created.headers.etag).toBe(fresh.etag);
    const audit = await server()
      .database.db.selectFrom('profile_audit')
      .selectAll()
      .where('profile_id', '=', fresh.profile.id as string)
      .execute();
    expect(audit).toMatchObject([{ actor_id: who.accountId, action: 'create-profile' }]);

    expect((await create(buildProfilePatch({ addresses: [], phoneNumbers: [] }, before, filled))).statusCode).toBe(409);
  });
});
