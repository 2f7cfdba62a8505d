import { learner, useTestServer, type Store, type TestServer } from '../server/harness';
import { call, CITY_MAX, owner, roleHeaders, translator } from './support';

// Publish on a date (docs/admin-area.md, "Publish on a date"), on both stores with the real app: a
// draft scheduled a couple of seconds ahead is published by the scheduler at its time, a temporary
// version ends by itself, pending work is listed, cancelled and audited, and a time is a date, a
// wall-clock time and an IANA zone checked with Intl. The texts get the same through the same calls.

const stores: Store[] = ['pglite', 'postgres'];

/** `ms` from now as a wall time in UTC (seconds included, so a test need not wait for a minute). */
const inUtc = (ms: number) => {
  const at = new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);
  return { wall: { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 19), timeZone: 'UTC' }, at: at.getTime() };
};

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(stores)('publish on a date on %s', (store) => {
  const s = useTestServer(store);
  const asOwner = () => roleHeaders(s(), owner.accountId);
  const asTranslator = () => roleHeaders(s(), translator.accountId, ['localisation']);
  const draft = async (value: number) =>
    (await call(s(), 'POST', '/api/admin/rules/drafts', await asOwner(), { reason: `city at most ${value}`, changes: [{ ...CITY_MAX, value }] })).body;
  const inForce = (server: TestServer) => server.app.services.rules.published().version;

  beforeEach(async () => {
    await s().database.db.deleteFrom('publish_schedule').execute();
    await call(s(), 'POST', '/api/admin/rules/versions/0/republish', await asOwner(), { reason: 'base' });
  });

  it('publishes a scheduled draft at its time (within 2 s), lists it done with its version, and audits both', async () => {
    const d = await draft(20);
    const { wall, at } = inUtc(2000);
    const res = await call(s(), 'POST', `/api/admin/rules/drafts/${d.id}/schedule`, await asOwner(), { at: wall, reason: 'launch' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'rules', action: 'publish', draftId: d.id, status: 'pending', at: new Date(at).toISOString(), timeZone: 'UTC' });
    const before = inForce(s());
    const moved = await until(
      () => inForce(s()),
      (v) => v !== before,
    );
    const late = Date.now() - at;
    expect(moved).toBe(before + 1);
    expect(late).toBeLessThan(2000);
    console.log(`scheduled publish on ${store}: in force ${late} ms after its time`);
    const list = await call(s(), 'GET', '/api/admin/rules/schedule', await asOwner());
    expect(list.body.entries[0]).toMatchObject({ id: res.body.id, status: 'done', resultVersion: moved, outcome: 'done' });
    const audit = (await call(s(), 'GET', '/api/admin/rules/audit', await asOwner())).body.entries;
    expect(audit[0]).toMatchObject({ action: 'publish', version: moved, detail: expect.objectContaining({ scheduled: res.body.id }) });
    expect(audit[1]).toMatchObject({ action: 'schedule', draftId: d.id, detail: expect.objectContaining({ scheduled: res.body.id, timeZone: 'UTC' }) });
  });

  it('ends a temporary version by itself: the version before comes back', async () => {
    const d = await draft(20);
    const start = inUtc(1500);
    const end = inUtc(3500);
    const res = await call(s(), 'POST', `/api/admin/rules/drafts/${d.id}/schedule`, await asOwner(), { at: start.wall, until: end.wall });
    expect(res.status).toBe(201);
    expect(res.body.until).toMatchObject({ at: new Date(end.at).toISOString() });
    const base = inForce(s());
    const temporary = await until(
      () => inForce(s()),
      (v) => v === base + 1,
    );
    expect(temporary).toBe(base + 1);
    const after = await until(
      () => inForce(s()),
      (v) => v === base + 2,
    );
    expect(after).toBe(base + 2);
    expect(Date.now() - end.at).toBeLessThan(2000);
    const version = (await call(s(), 'GET', `/api/admin/rules/versions/${after}`, await asOwner())).body;
    expect(version).toMatchObject({ republishedFrom: base, hash: s().app.services.rules.baseHash });
  });

  it('gives the version in force an end of its own, and lists, cancels and audits pending work', async () => {
    const d = await draft(21);
    const published = await call(s(), 'POST', `/api/admin/rules/drafts/${d.id}/publish`, await asOwner(), {});
    const number = published.body.number as number;
    expect((await call(s(), 'POST', `/api/admin/rules/versions/${number - 1}/end`, await asOwner(), { at: inUtc(60_000).wall })).status).toBe(409);
    const end = await call(s(), 'POST', `/api/admin/rules/versions/${number}/end`, await asOwner(), { at: inUtc(60_000).wall });
    expect(end.status).toBe(201);
    expect((await call(s(), 'GET', '/api/admin/rules/schedule', await asOwner())).body.entries[0]).toMatchObject({
      id: end.body.id,
      action: 'end',
      version: number,
      status: 'pending',
    });
    expect((await call(s(), 'DELETE', `/api/admin/rules/schedule/${end.body.id}`, await asOwner())).status).toBe(204);
    expect((await call(s(), 'DELETE', `/api/admin/rules/schedule/${end.body.id}`, await asOwner())).status).toBe(409);
    expect((await call(s(), 'GET', '/api/admin/rules/schedule', await asOwner())).body.entries[0]).toMatchObject({ status: 'cancelled' });
    const audit = (await call(s(), 'GET', '/api/admin/rules/audit', await asOwner())).body.entries;
    expect(audit[0]).toMatchObject({ action: 'schedule-cancel', version: number });
    // Cancelled work is never carried out.
    await s()
      .database.db.updateTable('publish_schedule')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('id', '=', end.body.id)
      .execute();
    await s().app.services.scheduler.look();
    expect(inForce(s())).toBe(number);
  });

  it('takes a date, a time and an IANA zone checked with Intl: none unknown, past, skipped by the clock or ending before it starts', async () => {
    const d = await draft(19);
    const url = `/api/admin/rules/drafts/${d.id}/schedule`;
    const next = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const at of [
      { date: next, time: '09:00', timeZone: 'Mars/Olympus' },
      { date: '2020-01-01', time: '09:00', timeZone: 'Europe/London' },
      { date: '2027-03-28', time: '01:30', timeZone: 'Europe/London' },
      { date: '2027-02-30', time: '09:00', timeZone: 'UTC' },
      { date: next, time: '25:00', timeZone: 'UTC' },
      { date: next, time: '9:00', timeZone: 'UTC' },
      { date: next, time: '09:00', timeZone: '../../etc' },
    ]) {
      expect((await call(s(), 'POST', url, await asOwner(), { at })).status, JSON.stringify(at)).toBe(400);
    }
    const ok = await call(s(), 'POST', url, await asOwner(), { at: { date: next, time: '09:00', timeZone: 'Asia/Tokyo' } });
    expect(ok.status).toBe(201);
    expect(ok.body.at).toBe(new Date(`${next}T00:00:00Z`).toISOString());
    expect((await call(s(), 'POST', url, await asOwner(), { at: { date: next, time: '10:00', timeZone: 'UTC' } })).status).toBe(409);
    expect(
      (
        await call(s(), 'POST', url, await asOwner(), {
          at: { date: next, time: '10:00', timeZone: 'UTC' },
          until: { date: next, time: '09:00', timeZone: 'UTC' },
        })
      ).status,
    ).toBe(400);
    expect((await call(s(), 'POST', url, await s().headers(learner.accountId), { at: { date: next, time: '09:00', timeZone: 'UTC' } })).status).toBe(403);
    expect((await call(s(), 'GET', '/api/admin/rules/schedule', await asTranslator())).status).toBe(403);
    expect(
      (await call(s(), 'POST', '/api/admin/rules/drafts/no-such/schedule', await asOwner(), { at: { date: next, time: '09:00', timeZone: 'UTC' } })).status,
    ).toBe(404);
  });

  it('publishes a texts draft on a date through the same mechanism', async () => {
    const created = await call(s(), 'POST', '/api/admin/texts/drafts', await asTranslator(), {
      reason: 'launch wording',
      changes: [{ key: 'validation:Validation.Required', lang: 'en', text: 'Please fill this in.' }],
    });
    expect(created.status).toBe(201);
    const { wall, at } = inUtc(1500);
    expect((await call(s(), 'POST', `/api/admin/texts/drafts/${created.body.id}/schedule`, await asTranslator(), { at: wall })).status).toBe(201);
    expect((await call(s(), 'POST', `/api/admin/texts/drafts/${created.body.id}/schedule`, await asOwner(), { at: wall })).status).toBe(403);
    const before = s().app.services.texts.published().version;
    const moved = await until(
      () => s().app.services.texts.published().version,
      (v) => v !== before,
    );
    expect(moved).toBe(before + 1);
    expect(Date.now() - at).toBeLessThan(2000);
    const version = s().app.services.texts.published().version;
    await call(s(), 'POST', `/api/admin/texts/versions/0/republish`, await asTranslator(), { reason: 'base' });
    expect(version).toBeGreaterThan(0);
  });
});
