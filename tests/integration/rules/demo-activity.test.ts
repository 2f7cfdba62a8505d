import { seedDemoActivity } from '../../../src/server/seed/demo-activity';
import { useTestServer } from '../server/harness';
import { call, owner, roleHeaders } from './support';

// The demo's form activity (docs/demo.md#form-activity): on an empty history, 90 days of counts and
// a version published 30 days ago that raised the city's rejections, which the watch flags at once.

describe('the demo form activity', () => {
  const s = useTestServer('pglite');

  it('seeds counts only and a flagged version with its figures, once', async () => {
    const seeded = await seedDemoActivity(s().database.db, s().app.services);
    expect(seeded).toEqual({ version: 1, days: 90 });
    expect(await seedDemoActivity(s().database.db, s().app.services)).toBeUndefined();
    const days = await s().database.db.selectFrom('form_activity_daily').select('day').distinct().execute();
    expect(days).toHaveLength(90);
    expect(await s().database.db.selectFrom('form_activity_events').selectAll().execute()).toEqual([]);
    const headers = await roleHeaders(s(), owner.accountId);
    const watch = await call(s(), 'GET', '/api/admin/rules/watch', headers);
    expect(watch.body.flags).toEqual([expect.objectContaining({ version: 1, inForce: true, mailed: true })]);
    expect(watch.body.flags[0].figures).toContainEqual(expect.objectContaining({ form: 'profile', field: 'primaryAddress/city', measure: 'rejections' }));
    const effect = await call(s(), 'GET', '/api/admin/rules/versions/1/effect', headers);
    const city = effect.body.forms[0].fields[0];
    expect(effect.body.days).toBe(14);
    expect(city.rejections.verdict).toBe('worse');
    expect(city.rejections.before.rate).toBeGreaterThan(0.02);
    expect(city.rejections.after.rate).toBeGreaterThan(0.06);
    const mails = await s().database.db.selectFrom('outbox').select('to_address').where('subject', 'like', 'Rules version 1 %').execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(['owner2@example.com', 'owner@example.com']);
  });
});
