import { learner, useTestServer, type Store, type TestServer } from '../server/harness';
import { call, CITY_MAX, owner, roleHeaders } from './support';

// The watch (docs/admin-area.md, "A watch"), on both stores with the real app, database and the
// development outbox: a version whose city rejections rose clearly past the threshold is flagged
// once, and the product owners get one e-mail each with a link to it; the threshold is a setting
// with its own call and audit.

const stores: Store[] = ['pglite', 'postgres'];
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const CITY = 'primaryAddress/city';

async function writeDays(server: TestServer, firstMs: number, n: number, perDay: { attempts: number; city: number; opened: number; abandoned: number }) {
  const rows = Array.from({ length: n }, (_, i) => dayOf(firstMs + i * DAY_MS)).flatMap((day) => [
    { day, event: 'form-opened', form: 'profile', field: '', message_key: '', modal: '', count: perDay.opened },
    { day, event: 'form-abandoned', form: 'profile', field: '', message_key: '', modal: '', count: perDay.abandoned },
    { day, event: 'submit-attempted', form: 'profile', field: '', message_key: '', modal: '', count: perDay.attempts },
    { day, event: 'field-rejected', form: 'profile', field: CITY, message_key: 'Validation.MaxLength', modal: '', count: perDay.city },
  ]);
  await server.database.db.insertInto('form_activity_daily').values(rows).execute();
}

describe.each(stores)('the watch on %s', (store) => {
  const s = useTestServer(store);
  const asOwner = () => roleHeaders(s(), owner.accountId);
  const mails = async () =>
    s().database.db.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).where('subject', 'like', '%clearly worse%').orderBy('id').execute();

  let version: number;
  beforeEach(async () => {
    const db = s().database.db;
    // The app's own timer runs the watch 5 s after it starts: let a run under way end, and mark the
    // watch as just run so the timer (a day apart) leaves this test's runs alone; run(0) still runs.
    await s().app.services.watch.run(1000 * DAY_MS);
    await db.deleteFrom('form_activity_daily').execute();
    await db.deleteFrom('activity_watch_flags').execute();
    await db.deleteFrom('outbox').execute();
    await db.updateTable('activity_watch_settings').set({ threshold_points: 2, last_run_at: new Date() }).execute();
    await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'base' });
    // Older versions are out of the watch's 90 days.
    await db
      .updateTable('rules_versions')
      .set({ published_at: new Date(Date.now() - 400 * DAY_MS) })
      .execute();
    const created = await call(s(), 'POST', '/api/admin/rules/drafts', await asOwner(), { reason: 'city at most 20', changes: [{ ...CITY_MAX, value: 20 }] });
    version = (await call(s(), 'POST', `/api/admin/rules/drafts/${created.body.id}/publish`, await asOwner(), {})).body.number;
    const publishDayMs = Date.parse(`${dayOf(Date.now())}T00:00:00Z`) - 20 * DAY_MS;
    await db
      .updateTable('rules_versions')
      .set({ published_at: new Date(publishDayMs + 3_600_000) })
      .where('number', '=', version)
      .execute();
    // City rejections 3 % before, 8 % after; forms left unsaved 10 % both sides.
    await writeDays(s(), publishDayMs - 14 * DAY_MS, 14, { attempts: 100, city: 3, opened: 100, abandoned: 10 });
    await writeDays(s(), publishDayMs + DAY_MS, 14, { attempts: 100, city: 8, opened: 100, abandoned: 10 });
  });

  afterAll(async () => {
    await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'base' });
  });

  it('flags a version clearly worse past the threshold once, and mails each product owner once with a link to it', async () => {
    expect(await s().app.services.watch.run(0)).toBe(1);
    expect(await s().app.services.watch.run(0)).toBe(0);
    const sent = await mails();
    expect(sent.map((m) => m.to_address)).toEqual(['owner2@example.com', 'owner@example.com']);
    expect(sent[0]!.subject).toBe(`Rules version ${version} got clearly worse for learners`);
    expect(sent[0]!.text_body).toContain(`/admin/rules/versions/${version}`);
    // Forms and fields by the names learners see on the page.
    expect(sent[0]!.text_body).toContain('Profile, Address › City: turned back at 3.0% of submit attempts before, 8.0% after');

    const res = await call(s(), 'GET', '/api/admin/rules/watch', await asOwner());
    expect(res.status).toBe(200);
    expect(res.body.thresholdPoints).toBe(2);
    expect(res.body.flags).toEqual([
      expect.objectContaining({
        version,
        inForce: true,
        mailed: true,
        figures: [expect.objectContaining({ form: 'profile', field: CITY, measure: 'rejections', before: 0.03, after: 0.08, points: 5 })],
      }),
    ]);
  });

  it('writes to each product owner in their own language, forms and fields by their Japanese names', async () => {
    const db = s().database.db;
    await db.updateTable('accounts').set({ locale: 'ja' }).where('email', '=', 'owner2@example.com').execute();
    try {
      expect(await s().app.services.watch.run(0)).toBe(1);
      const sent = await db.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).execute();
      const ja = sent.find((m) => m.to_address === 'owner2@example.com')!;
      const en = sent.find((m) => m.to_address === 'owner@example.com')!;
      expect(ja.text_body).toContain('プロフィール');
      expect(ja.text_body).not.toContain('primaryAddress');
      expect(ja.subject).not.toBe(en.subject);
      expect(en.text_body).toContain('Profile, Address › City');
    } finally {
      await db.updateTable('accounts').set({ locale: 'en' }).where('email', '=', 'owner2@example.com').execute();
    }
  });

  it('flags nothing below the threshold a product owner sets, and audits the setting', async () => {
    const set = await call(s(), 'PUT', '/api/admin/rules/watch', await asOwner(), { thresholdPoints: 6 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ thresholdPoints: 6, updatedBy: { id: owner.accountId, email: 'owner@example.com' } });
    expect(set.body.audit[0]).toMatchObject({ action: 'threshold', actor: { email: 'owner@example.com' }, detail: { thresholdPoints: 6, previous: 2 } });
    expect(await s().app.services.watch.run(0)).toBe(0);
    expect(await mails()).toEqual([]);
    await call(s(), 'PUT', '/api/admin/rules/watch', await asOwner(), { thresholdPoints: 5 });
    expect(await s().app.services.watch.run(0)).toBe(1);
  });

  it('runs once per interval across instances (the run is a row taken), and never for a learner', async () => {
    await s()
      .database.db.updateTable('activity_watch_settings')
      .set({ last_run_at: new Date(Date.now() - 120_000) })
      .execute();
    expect(await s().app.services.watch.run(60_000)).toBe(1);
    await s().database.db.deleteFrom('activity_watch_flags').execute();
    expect(await s().app.services.watch.run(60_000)).toBe(0);
    expect((await call(s(), 'GET', '/api/admin/rules/watch', await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'PUT', '/api/admin/rules/watch', await s().headers(learner.accountId), { thresholdPoints: 1 })).status).toBe(403);
    for (const bad of [0, 101, '2', null])
      expect((await call(s(), 'PUT', '/api/admin/rules/watch', await asOwner(), { thresholdPoints: bad })).status).toBe(400);
  });
});
