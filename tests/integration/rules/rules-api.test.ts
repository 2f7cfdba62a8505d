import { learner, startTestServer, useTestServer, type Store, type TestServer } from '../server/harness';
import { call, CITY_MAX, cityOf, cityPatch, owner, owner2, roleHeaders, translator } from './support';

// The rules console's calls against the real app and database, on both stores: roles, drafts,
// checks, publish and roll back, the version every write is validated with, stale and racing
// publishes, approval, the browser's modules. One server per store; each test leaves the base
// published again.

const stores: Store[] = ['pglite', 'postgres'];

describe.each(stores)('the rules console on %s', (store) => {
  const s = useTestServer(store);
  const asOwner = () => roleHeaders(s(), owner.accountId);
  const asOwner2 = () => roleHeaders(s(), owner2.accountId);
  const draft = async (value: number, reason = `city at most ${value}`) => {
    const res = await call(s(), 'POST', '/api/admin/rules/drafts', await asOwner(), { reason, changes: [{ ...CITY_MAX, value }] });
    expect(res.status).toBe(201);
    return res.body;
  };
  const rollBack = async () => {
    const res = await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'back to the base' });
    expect([200, 409]).toContain(res.status);
  };
  const saveCity = async (city: string) => call(s(), 'PATCH', `/api/profiles/${learner.profileId}`, await s().headers(learner.accountId), cityPatch(city));

  it('answers 401 without a token, 403 to a learner and to localisation staff, and the forms to a product owner', async () => {
    const url = '/api/admin/rules/forms';
    expect((await call(s(), 'GET', url, { [s().config.functionKeyHeader]: s().config.functionKey })).status).toBe(401);
    expect((await call(s(), 'GET', url, await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'GET', url, await roleHeaders(s(), translator.accountId, ['localisation']))).status).toBe(403);
    // A role claim that is not a string list, or an unknown role, grants nothing.
    const odd = {
      authorization: `Bearer ${await s().token(owner.accountId, { roles: 'product-owner' })}`,
      [s().config.functionKeyHeader]: s().config.functionKey,
    };
    expect((await call(s(), 'GET', url, odd)).status).toBe(403);
    const ok = await call(s(), 'GET', url, await asOwner());
    expect(ok.status).toBe(200);
    expect(ok.body.published).toMatchObject({ version: 0, base: true });
    const profile = ok.body.forms.find((f: { form: string }) => f.form === 'profile');
    const city = profile.fields.find((f: { path: string }) => f.path === 'primaryAddress/city');
    expect(city.stored).toMatchObject({ maxLength: 64 });
    expect(city.rules).toContainEqual(
      expect.objectContaining({
        keyword: 'maxLength',
        value: 32,
        file: 'defs/address.schema.json',
        pointer: '/properties/city/maxLength',
        reaches: ['profile', 'exam', 'demographics', 'address'],
      }),
    );
    expect(city.rules).toContainEqual(expect.objectContaining({ keyword: 'required', file: 'defs/address.schema.json', pointer: '/required', index: 1 }));
    expect(city.nodes[0]).toMatchObject({ file: 'defs/address.schema.json', pointer: '/properties/city' });
    const postal = profile.fields.find((f: { path: string }) => f.path === 'primaryAddress/postalCode');
    expect(postal.rules).toContainEqual(
      expect.objectContaining({
        keyword: 'pattern',
        condition: expect.objectContaining({ pointer: '/allOf/0', branch: 'then', if: { properties: { country: { const: 'USA' } }, required: ['country'] } }),
      }),
    );
  });

  it('checks changes without saving them: each refusal at its change', async () => {
    const res = await call(s(), 'POST', '/api/admin/rules/check', await asOwner(), {
      changes: [
        { ...CITY_MAX, value: 20 },
        { ...CITY_MAX, value: 65 },
        { file: 'defs/address.schema.json', op: 'remove', path: '/properties/state' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.hash).toBeNull();
    expect(res.body.refusals).toEqual([
      { path: '/changes/1', change: 1, keyword: 'maxLength', key: 'Rules.Refusal.AboveStorage', params: { limit: 64 } },
      { path: '/changes/2', change: 2, keyword: 'state', key: 'Rules.Refusal.ShapeChange' },
    ]);
    const fine = await call(s(), 'POST', '/api/admin/rules/check', await asOwner(), { changes: [{ ...CITY_MAX, value: 20 }] });
    expect(fine.body).toMatchObject({ refusals: [], hash: expect.stringMatching(/^[0-9a-f]{64}$/), reaches: ['profile', 'exam', 'demographics', 'address'] });
    const drafts = await call(s(), 'GET', '/api/admin/rules/drafts', await asOwner());
    expect(drafts.body.drafts).toEqual([]);
  });

  it('refuses a draft with a refused change, a malformed body or a catastrophic pattern, and saves nothing', async () => {
    const headers = await asOwner();
    const above = await call(s(), 'POST', '/api/admin/rules/drafts', headers, { reason: 'too long', changes: [{ ...CITY_MAX, value: 100 }] });
    expect(above.status).toBe(400);
    expect(above.body.errors).toEqual([{ path: '/changes/0', change: 0, keyword: 'maxLength', key: 'Rules.Refusal.AboveStorage', params: { limit: 64 } }]);
    for (const body of [
      { changes: [] },
      { reason: '   ', changes: [{ ...CITY_MAX, value: 20 }] },
      { reason: 'x', changes: [{ file: 'defs/address.schema.json', op: 'move', path: '/x' }] },
      { reason: 'x', changes: 'all' },
      { reason: 'x', changes: [], extra: 1 },
    ]) {
      const res = await call(s(), 'POST', '/api/admin/rules/drafts', headers, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const slow = await call(s(), 'POST', '/api/admin/rules/drafts', headers, {
      reason: 'letters only',
      changes: [{ file: 'defs/address.schema.json', op: 'add', path: '/properties/city/pattern', value: '^([A-Za-z]+)+$' }],
    });
    expect(slow.status).toBe(400);
    expect(slow.body.errors).toEqual([
      { path: '/changes/0', change: 0, keyword: 'pattern', key: 'Rules.Refusal.PatternNestedRepeat', params: { part: '([A-Za-z]+)+' } },
    ]);
    expect((await call(s(), 'GET', '/api/admin/rules/drafts', headers)).body.drafts).toEqual([]);
  }, 30_000);

  it('publishes a draft: every write is validated with it at once, and a roll back restores the base', async () => {
    const baseHash = (await call(s(), 'GET', '/api/health', {})).headers['x-rules-version'];
    expect(baseHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(s(), 'GET', '/portal-config.json', {})).body.rulesHash).toBeNull();
    expect((await saveCity(cityOf(21))).status).toBe(200);

    const created = await draft(20);
    expect(created).toMatchObject({
      basedOn: 0,
      stale: false,
      approval: null,
      author: { id: owner.accountId, email: 'owner@example.com' },
      files: ['defs/address.schema.json'],
    });
    const published = await call(s(), 'POST', `/api/admin/rules/drafts/${created.id}/publish`, await asOwner(), {});
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      number: expect.any(Number),
      published: true,
      hash: created.hash,
      reason: 'city at most 20',
      publishedBy: { email: 'owner@example.com' },
    });
    expect(published.body.diff).toEqual([{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20, previous: 32 }]);
    expect(published.headers['x-rules-version']).toBe(created.hash);
    expect((await call(s(), 'GET', '/portal-config.json', {})).body.rulesHash).toBe(created.hash);

    const refused = await saveCity(cityOf(21));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: '/primaryAddress/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: 20 } }]);
    expect((await saveCity(cityOf(20))).status).toBe(200);
    // The shipping address (vendors) follows the same version.
    const verify = await call(s(), 'POST', '/api/vendors/certmetrics/verifyaddress', await s().headers(learner.accountId), {
      profileId: learner.profileId,
      address: { address1: '1 Main St', city: cityOf(21), state: 'IL', country: 'USA', postalCode: '60601' },
    });
    expect(verify.status).toBe(400);
    expect(verify.body.errors).toContainEqual({ path: '/address/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: 20 } });

    const back = await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'back to the base' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ republishedFrom: 0, hash: baseHash, changes: [], published: true });
    expect(back.body.diff).toEqual([{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 32, previous: 20 }]);
    expect((await saveCity(cityOf(21))).status).toBe(200);
    expect((await call(s(), 'GET', '/portal-config.json', {})).body.rulesHash).toBeNull();
    // Republishing the version in force changes nothing.
    expect((await call(s(), 'POST', `/api/admin/rules/versions/${back.body.number}/republish`, await asOwner(), { reason: 'again' })).status).toBe(409);

    const versions = await call(s(), 'GET', '/api/admin/rules/versions?limit=2', await asOwner());
    expect(versions.body.versions.map((v: { number: number }) => v.number)).toEqual([back.body.number, published.body.number]);
    const audit = await call(s(), 'GET', '/api/admin/rules/audit?limit=3', await asOwner());
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['republish', 'publish', 'draft-create']);
    expect(audit.body.entries[1]).toMatchObject({
      actor: { id: owner.accountId, email: 'owner@example.com' },
      version: published.body.number,
      draftId: created.id,
    });
  });

  it('refuses a stale draft (409) and lets exactly one of two publishes at once win', async () => {
    const first = await draft(25, 'first');
    const second = await draft(24, 'second');
    const third = await draft(23, 'third');
    const before = (await call(s(), 'GET', '/api/admin/rules/versions', await asOwner())).body.versions.length;
    const race = await Promise.all([first, second].map(async (d) => call(s(), 'POST', `/api/admin/rules/drafts/${d.id}/publish`, await asOwner(), {})));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await call(s(), 'GET', '/api/admin/rules/versions', await asOwner());
    expect(after.body.versions.length).toBe(before + 1);
    const winner = race.find((r) => r.status === 200)!.body;
    expect(after.body.published).toEqual({ version: winner.number, hash: winner.hash });
    const stale = await call(s(), 'POST', `/api/admin/rules/drafts/${third.id}/publish`, await asOwner(), {});
    expect(stale.status).toBe(409);
    expect((await call(s(), 'GET', `/api/admin/rules/drafts/${third.id}`, await asOwner())).body.stale).toBe(true);
    await rollBack();
    for (const d of [first, second, third]) await call(s(), 'DELETE', `/api/admin/rules/drafts/${d.id}`, await asOwner());
  });

  it('lets only a draft’s author change or delete it; each change is audited', async () => {
    const mine = await draft(30);
    const update = { reason: 'city at most 29', changes: [{ ...CITY_MAX, value: 29 }] };
    expect((await call(s(), 'PUT', `/api/admin/rules/drafts/${mine.id}`, await asOwner2(), update)).status).toBe(403);
    expect((await call(s(), 'DELETE', `/api/admin/rules/drafts/${mine.id}`, await asOwner2())).status).toBe(403);
    const updated = await call(s(), 'PUT', `/api/admin/rules/drafts/${mine.id}`, await asOwner(), update);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ revision: 2, reason: 'city at most 29', changes: update.changes });
    expect(updated.body.hash).not.toBe(mine.hash);
    expect((await call(s(), 'DELETE', `/api/admin/rules/drafts/${mine.id}`, await asOwner())).status).toBe(204);
    expect((await call(s(), 'GET', `/api/admin/rules/drafts/${mine.id}`, await asOwner())).status).toBe(404);
    const audit = await call(s(), 'GET', '/api/admin/rules/audit?limit=3', await asOwner());
    expect(audit.body.entries.map((e: { action: string; draftId: string }) => [e.action, e.draftId])).toEqual([
      ['draft-delete', mine.id],
      ['draft-update', mine.id],
      ['draft-create', mine.id],
    ]);
  });

  it('serves a version’s validators and ui schema to the browser by hash, immutable, and 404 for an unknown hash', async () => {
    const d = await draft(20);
    const module = await call(s(), 'GET', `/rules/${d.hash}/forms/profile.js`, {});
    expect(module.status).toBe(200);
    expect(module.headers['content-type']).toMatch(/^text\/javascript/);
    expect(module.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(module.headers['content-security-policy']).toContain("script-src 'self'");
    const text = (await s().app.inject({ method: 'GET', url: `/rules/${d.hash}/forms/profile.js` })).body;
    expect(text).toContain('export default function validatorsFor(runtime)');
    expect(text).toContain('"maxLength":20');
    const ui = await call(s(), 'GET', `/rules/${d.hash}/ui/profile.json`, {});
    expect(ui.status).toBe(200);
    expect(ui.body['ui:order']).toContain('primaryAddress');
    // Resolved: the shared contact details' entries and the address block's are in it, no inclusion left.
    expect(ui.body.givenName['ui:options'].labelKey).toBe('Fields.givenName.label');
    expect(ui.body.primaryAddress.city).toBeDefined();
    expect(JSON.stringify(ui.body)).not.toContain('x-include');
    const baseHash = (await call(s(), 'GET', '/api/health', {})).headers['x-rules-version'];
    expect((await call(s(), 'GET', `/rules/${baseHash}/forms/exam.js`, {})).status).toBe(200);
    for (const url of [
      `/rules/${'0'.repeat(64)}/forms/profile.js`,
      `/rules/${d.hash}/forms/nothing.js`,
      `/rules/${d.hash}/forms/profile.json`,
      '/rules/not-a-hash/forms/profile.js',
    ]) {
      expect((await call(s(), 'GET', url, {})).status, url).toBe(404);
    }
    await call(s(), 'DELETE', `/api/admin/rules/drafts/${d.id}`, await asOwner());
  });

  it('reports the stored profiles a draft would newly reject, per form, field and key, with examples', async () => {
    const d = await draft(20);
    const res = await call(s(), 'POST', `/api/admin/rules/drafts/${d.id}/impact`, await asOwner(), {});
    expect(res.status).toBe(200);
    expect(res.body.checked).toBeGreaterThan(20);
    const profile = res.body.forms.find((f: { form: string }) => f.form === 'profile');
    expect(profile.profiles).toBeGreaterThanOrEqual(2);
    const city = profile.fields.find((f: { path: string }) => f.path === '/primaryAddress/city');
    expect(city).toMatchObject({ key: 'Validation.InvalidCity', count: profile.profiles });
    expect(city.examples.map((e: { value: string }) => e.value)).toEqual(expect.arrayContaining(['Rancho Santa Margarita', 'Truth or Consequences']));
    expect(res.body.forms.map((f: { form: string }) => f.form).sort()).toEqual(['demographics', 'exam', 'profile']);
    // Only what the city's rules read: the addresses, and isMinor (the exam form's condition on minors
    // names fields a minor may not send, at any path).
    expect(res.body.readFields).toEqual(['addresses', 'isMinor']);
    // A rule that rejects nothing stored: no profile counted.
    const loose = await draft(64, 'loose');
    const none = await call(s(), 'POST', `/api/admin/rules/drafts/${loose.id}/impact`, await asOwner(), {});
    expect(none.body.forms.every((f: { profiles: number }) => f.profiles === 0)).toBe(true);
    for (const x of [d, loose]) await call(s(), 'DELETE', `/api/admin/rules/drafts/${x.id}`, await asOwner());
  });
});

describe('approval by a second product owner (RULES_APPROVAL=on)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { RULES_APPROVAL: 'on' });
  });
  afterAll(async () => server.close());

  it('publishes only a draft another product owner approved, in the revision approved', async () => {
    const asOwner = await roleHeaders(server, owner.accountId);
    const asOwner2 = await roleHeaders(server, owner2.accountId);
    const created = await call(server, 'POST', '/api/admin/rules/drafts', asOwner, { reason: 'shorter city', changes: [{ ...CITY_MAX, value: 20 }] });
    expect(created.body.approvalRequired).toBe(true);
    const id = created.body.id;
    expect((await call(server, 'POST', `/api/admin/rules/drafts/${id}/publish`, asOwner, {})).status).toBe(409);
    expect((await call(server, 'POST', `/api/admin/rules/drafts/${id}/approve`, asOwner, {})).status).toBe(403);
    const approved = await call(server, 'POST', `/api/admin/rules/drafts/${id}/approve`, asOwner2, {});
    expect(approved.status).toBe(200);
    expect(approved.body.approval).toMatchObject({ by: { id: owner2.accountId, email: 'owner2@example.com' }, current: true });
    // A change after the approval needs a new one.
    const changed = await call(server, 'PUT', `/api/admin/rules/drafts/${id}`, asOwner, { reason: 'shorter city', changes: [{ ...CITY_MAX, value: 21 }] });
    expect(changed.body.approval).toMatchObject({ current: false });
    expect((await call(server, 'POST', `/api/admin/rules/drafts/${id}/publish`, asOwner, {})).status).toBe(409);
    expect((await call(server, 'POST', `/api/admin/rules/drafts/${id}/approve`, asOwner2, {})).status).toBe(200);
    const published = await call(server, 'POST', `/api/admin/rules/drafts/${id}/publish`, asOwner, {});
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ approvedBy: { id: owner2.accountId }, author: { id: owner.accountId } });
    // A roll back needs no approval: it publishes a version that was approved before.
    expect((await call(server, 'POST', '/api/admin/rules/versions/0/republish', asOwner, { reason: 'undo' })).status).toBe(200);
  });
});

describe('the values an impact check shows', () => {
  it('are in its answer only, never in a log line (at trace level)', async () => {
    const lines: string[] = [];
    const server = await startTestServer('pglite', { LOG_LEVEL: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const headers = await roleHeaders(server, owner.accountId);
      const draft = await call(server, 'POST', '/api/admin/rules/drafts', headers, { reason: 'city at most 20', changes: [{ ...CITY_MAX, value: 20 }] });
      const impact = await call(server, 'POST', `/api/admin/rules/drafts/${draft.body.id}/impact`, headers, {});
      expect(JSON.stringify(impact.body)).toContain('Rancho Santa Margarita');
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.filter((line) => line.includes('Rancho Santa Margarita') || line.includes('Truth or Consequences'))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
