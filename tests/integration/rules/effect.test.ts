import { learner, useTestServer, type Store, type TestServer } from '../server/harness';
import { call, CITY_MAX, owner, roleHeaders, translator } from './support';

// What a published version did to learners (docs/admin-area.md, "What a version did"), on both
// stores with the real app: a version is published through the console's calls and moved back in
// time, daily counts are written around it, and GET .../versions/:number/effect compares the two
// windows; a draft's evidence reads the last 30 days at its fields.

const stores: Store[] = ['pglite', 'postgres'];
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const CITY = 'primaryAddress/city';

/** Writes one form's counts for each day of a range: opened, attempts, abandoned, city rejections by key. */
async function writeDays(
  server: TestServer,
  days: string[],
  perDay: { opened: number; attempts: number; abandoned: number; city: Record<string, number>; saved?: number },
  form = 'profile',
) {
  const rows = days.flatMap((day) => [
    { day, event: 'form-opened', form, field: '', message_key: '', modal: '', count: perDay.opened },
    { day, event: 'submit-attempted', form, field: '', message_key: '', modal: '', count: perDay.attempts },
    { day, event: 'form-abandoned', form, field: '', message_key: '', modal: '', count: perDay.abandoned },
    ...(perDay.saved === undefined ? [] : [{ day, event: 'form-saved', form, field: '', message_key: '', modal: '', count: perDay.saved }]),
    ...Object.entries(perDay.city).map(([key, count]) => ({ day, event: 'field-rejected', form, field: CITY, message_key: key, modal: '', count })),
  ]);
  await server.database.db.insertInto('form_activity_daily').values(rows).execute();
}

const range = (firstMs: number, n: number) => Array.from({ length: n }, (_, i) => dayOf(firstMs + i * DAY_MS));

describe.each(stores)('a version’s effect on %s', (store) => {
  const s = useTestServer(store);
  const asOwner = () => roleHeaders(s(), owner.accountId);
  let version: number;
  let publishedMs: number;

  beforeEach(async () => {
    const db = s().database.db;
    await db.deleteFrom('form_activity_daily').execute();
    await db.deleteFrom('form_activity_events').execute();
    // The base again, then a version (city at most 20), moved back 20 days and a few hours.
    await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'base' });
    const created = await call(s(), 'POST', '/api/admin/rules/drafts', await asOwner(), { reason: 'city at most 20', changes: [{ ...CITY_MAX, value: 20 }] });
    expect(created.status).toBe(201);
    const published = await call(s(), 'POST', `/api/admin/rules/drafts/${created.body.id}/publish`, await asOwner(), {});
    expect(published.status).toBe(200);
    version = published.body.number;
    const todayMs = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
    publishedMs = todayMs - 20 * DAY_MS + 10 * 3_600_000;
    await db
      .updateTable('rules_versions')
      .set({ published_at: new Date(publishedMs) })
      .where('number', '=', version)
      .execute();
  });

  afterAll(async () => {
    await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'base' });
  });

  const effect = async (query = '', headers?: Record<string, string>) =>
    call(s(), 'GET', `/api/admin/rules/versions/${version}/effect${query}`, headers ?? (await asOwner()));

  it('is for product owners only: 401 without a token, 403 to a learner and to localisation staff; 404 for no such version, 400 for a bad window', async () => {
    const url = `/api/admin/rules/versions/${version}/effect`;
    expect((await call(s(), 'GET', url, { [s().config.functionKeyHeader]: s().config.functionKey })).status).toBe(401);
    expect((await call(s(), 'GET', url, await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'GET', url, await roleHeaders(s(), translator.accountId, ['localisation']))).status).toBe(403);
    expect((await call(s(), 'GET', '/api/admin/rules/versions/99999/effect', await asOwner())).status).toBe(404);
    expect((await call(s(), 'GET', '/api/admin/rules/versions/0/effect', await asOwner())).status).toBe(400);
    for (const days of ['0', 'abc', '1000', '-1']) expect((await effect(`?days=${days}`)).status).toBe(400);
    expect((await effect('?days=5&form=profile')).status).toBe(400);
  });

  it('compares 14 days before with 14 days after the publish day (the default), at the city and the forms the change reaches', async () => {
    const publishDayMs = Date.parse(`${dayOf(publishedMs)}T00:00:00Z`);
    // Before: 100 attempts a day, 3 turned back at the city; after: 8. The publish day itself is noise that must be left out.
    await writeDays(s(), range(publishDayMs - 14 * DAY_MS, 14), {
      opened: 120,
      attempts: 100,
      abandoned: 12,
      saved: 97,
      city: { 'Validation.InvalidCity': 3 },
    });
    await writeDays(s(), range(publishDayMs + DAY_MS, 14), {
      opened: 120,
      attempts: 100,
      abandoned: 13,
      saved: 92,
      city: { 'Validation.InvalidCity': 3, 'Validation.MaxLength': 5 },
    });
    await writeDays(s(), [dayOf(publishDayMs)], { opened: 9999, attempts: 9999, abandoned: 9999, city: { 'Validation.MaxLength': 9999 } });
    // Raw events are never read: thousands here would change every figure.
    const at = new Date(publishedMs + 2 * DAY_MS);
    await s()
      .database.db.insertInto('form_activity_events')
      .values(
        Array.from({ length: 200 }, () => ({
          received_at: at,
          at,
          event: 'field-rejected',
          form: 'profile',
          field: CITY,
          message_key: 'Validation.MaxLength',
          modal: null,
        })),
      )
      .execute();

    const res = await effect();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    expect(body).toMatchObject({
      version,
      publishedAt: new Date(publishedMs).toISOString(),
      endedAt: null,
      days: 14,
      maxDays: 20,
      before: { from: dayOf(publishDayMs - 14 * DAY_MS), to: dayOf(publishDayMs - DAY_MS) },
      after: { from: dayOf(publishDayMs + DAY_MS), to: dayOf(publishDayMs + 14 * DAY_MS) },
      minTrials: 30,
      confidence: 0.95,
      significance: 0.05,
    });
    expect(body.forms.map((f: { form: string }) => f.form)).toEqual(['profile', 'exam', 'demographics', 'address']);
    const profile = body.forms[0];
    expect(profile.opened).toEqual({ before: 1680, after: 1680 });
    expect(profile.submitAttempts).toEqual({ before: 1400, after: 1400 });
    expect(profile.fields.map((f: { field: string }) => f.field)).toEqual([CITY]);
    const city = profile.fields[0];
    expect(city.rejections.before).toMatchObject({ events: 42, trials: 1400, rate: 0.03 });
    expect(city.rejections.after).toMatchObject({ events: 112, trials: 1400, rate: 0.08 });
    // Wilson 95 % of 42/1400 and 112/1400.
    expect(city.rejections.before.low).toBeCloseTo(0.02227, 4);
    expect(city.rejections.before.high).toBeCloseTo(0.0403, 4);
    expect(city.rejections.after.low).toBeCloseTo(0.06691, 4);
    expect(city.rejections.after.high).toBeCloseTo(0.09539, 4);
    expect(city.rejections.difference).toBeCloseTo(0.05, 10);
    expect(city.rejections.pValue).toBeLessThan(1e-6);
    expect(city.rejections.verdict).toBe('worse');
    expect(city.keys).toEqual([
      expect.objectContaining({ key: 'Validation.InvalidCity', rejections: expect.objectContaining({ verdict: 'no-clear-difference', difference: 0 }) }),
      expect.objectContaining({ key: 'Validation.MaxLength', rejections: expect.objectContaining({ verdict: 'worse' }) }),
    ]);
    // Abandoned per opened: 168/1680 against 182/1680, not a difference the test can show.
    expect(profile.abandoned.verdict).toBe('no-clear-difference');
    expect(profile.abandoned.before.rate).toBeCloseTo(0.1, 10);
    // Saves per form opened: 1358/1680 against 1288/1680, clearly worse (fewer saves).
    expect(profile.saved).toMatchObject({ before: { events: 1358, trials: 1680 }, after: { events: 1288, trials: 1680 }, verdict: 'worse' });
    // A form without counts: too few attempts to tell, and no percentage.
    expect(body.forms[1].fields[0].rejections).toMatchObject({ verdict: 'too-few', pValue: null, before: { rate: null, low: null }, after: { rate: null } });
  });

  it('takes a window the owner chooses, never past the days in force, and ends the window after at the next version', async () => {
    const publishDayMs = Date.parse(`${dayOf(publishedMs)}T00:00:00Z`);
    await writeDays(s(), range(publishDayMs - 5 * DAY_MS, 5), { opened: 10, attempts: 10, abandoned: 1, city: {} });
    await writeDays(s(), range(publishDayMs + DAY_MS, 5), { opened: 10, attempts: 10, abandoned: 1, city: { 'Validation.MaxLength': 1 } });
    const five = await effect('?days=5');
    expect(five.body).toMatchObject({ days: 5, before: { from: dayOf(publishDayMs - 5 * DAY_MS) }, after: { to: dayOf(publishDayMs + 5 * DAY_MS) } });
    // 50 attempts a window: shown; the city went from 0 to 5 of 50, which 50 attempts cannot tell apart.
    expect(five.body.forms[0].fields[0].rejections).toMatchObject({ verdict: 'no-clear-difference', after: { events: 5, trials: 50, rate: 0.1 } });
    // No save recorded in either window (saves were not recorded then): no rate, too few to tell.
    expect(five.body.forms[0].saved).toMatchObject({ verdict: 'too-few', before: { trials: 0, rate: null } });
    expect((await effect('?days=2')).body.forms[0].fields[0].rejections.verdict).toBe('too-few');
    expect((await effect('?days=180')).body.days).toBe(20);

    // A next version six days after this one's publish: the window after ends the day before it.
    await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'base again' });
    await s()
      .database.db.updateTable('rules_versions')
      .set({ published_at: new Date(publishedMs + 6 * DAY_MS) })
      .where('number', '=', version + 1)
      .execute();
    const ended = await effect('?days=30');
    expect(ended.body).toMatchObject({ endedAt: new Date(publishedMs + 6 * DAY_MS).toISOString(), maxDays: 5, days: 5 });
    expect(ended.body.after.to).toBe(dayOf(publishDayMs + 5 * DAY_MS));
  });

  it('says there is nothing to compare yet for a version published today', async () => {
    await s().database.db.updateTable('rules_versions').set({ published_at: new Date() }).where('number', '=', version).execute();
    const res = await effect();
    expect(res.body).toMatchObject({ days: 0, maxDays: 0, before: null, after: null });
    expect(res.body.forms[0].fields[0].rejections.verdict).toBe('too-few');
  });

  it('answers a draft’s evidence: the published rules’ last 30 days at the draft’s fields, each rate with its interval', async () => {
    const todayMs = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
    await writeDays(s(), range(todayMs - 29 * DAY_MS, 30), { opened: 20, attempts: 10, abandoned: 2, city: { 'Validation.InvalidCity': 1 } });
    await writeDays(s(), [dayOf(todayMs - 30 * DAY_MS)], { opened: 999, attempts: 999, abandoned: 999, city: { 'Validation.InvalidCity': 999 } });
    const created = await call(s(), 'POST', '/api/admin/rules/drafts', await asOwner(), { reason: 'city at most 18', changes: [{ ...CITY_MAX, value: 18 }] });
    const res = await call(s(), 'GET', `/api/admin/rules/drafts/${created.body.id}/evidence`, await asOwner());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ draftId: created.body.id, from: dayOf(todayMs - 29 * DAY_MS), to: dayOf(todayMs), minTrials: 30 });
    const profile = res.body.forms.find((f: { form: string }) => f.form === 'profile');
    expect(profile).toMatchObject({ opened: 600, submitAttempts: 300, abandoned: { events: 60, trials: 600, rate: 0.1 } });
    expect(profile.fields[0]).toMatchObject({ field: CITY, rejections: { events: 30, trials: 300, rate: 0.1 } });
    expect(profile.fields[0].rejections.low).toBeCloseTo(0.07095, 4);
    expect((await call(s(), 'GET', `/api/admin/rules/drafts/${created.body.id}/evidence`, await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'GET', '/api/admin/rules/drafts/no-such-draft/evidence', await asOwner())).status).toBe(404);
    await call(s(), 'DELETE', `/api/admin/rules/drafts/${created.body.id}`, await asOwner());
  });
});
