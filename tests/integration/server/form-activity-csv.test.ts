import { learner, useTestServer, type Store } from './harness';
import { call, owner, roleHeaders } from '../rules/support';

// Form activity as CSV for analysts (GET /api/admin/form-activity.csv), on both stores: the daily
// counts of the statistics' period and form, quoted where a cell needs it, and never a formula.

const stores: Store[] = ['pglite', 'postgres'];
const today = () => new Date().toISOString().slice(0, 10);

describe.each(stores)('form activity as CSV on %s', (store) => {
  const s = useTestServer(store);

  it('answers the daily counts with the statistics’ filters, quoted, with no cell a spreadsheet runs', async () => {
    const db = s().database.db;
    await db.deleteFrom('form_activity_daily').execute();
    const day = today();
    // Rows no learner's event can make (the services take only known fields and keys), written here
    // to show what the file does with whatever a cell holds.
    await db
      .insertInto('form_activity_daily')
      .values([
        { day, event: 'submit-attempted', form: 'profile', field: '', message_key: '', modal: '', count: 7 },
        { day, event: 'field-rejected', form: 'profile', field: '=HYPERLINK("http://x","y")', message_key: '+1+1', modal: '', count: 2 },
        { day, event: 'field-rejected', form: 'profile', field: 'a,b "c"\nd', message_key: '@SUM(A1)', modal: '', count: 1 },
        { day, event: 'field-rejected', form: 'profile', field: '-2', message_key: '\tx', modal: '', count: 1 },
        { day, event: 'submit-attempted', form: 'email', field: '', message_key: '', modal: '', count: 3 },
      ])
      .execute();
    const headers = await roleHeaders(s(), owner.accountId);
    const res = await s().app.inject({ method: 'GET', url: `/api/admin/form-activity.csv?form=profile&from=${day}&to=${day}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="form-activity-${day}-${day}-profile.csv"`);
    expect(res.body.split('\r\n')).toEqual([
      'day,event,form,field,messageKey,modal,count',
      `${day},field-rejected,profile,'-2,"'\tx",,1`,
      `${day},field-rejected,profile,"'=HYPERLINK(""http://x"",""y"")",'+1+1,,2`,
      `${day},field-rejected,profile,"a,b ""c""\nd",'@SUM(A1),,1`,
      `${day},submit-attempted,profile,,,,7`,
      '',
    ]);
    expect((await call(s(), 'GET', '/api/admin/form-activity.csv', await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'GET', '/api/admin/form-activity.csv?from=2020-01-01&to=2026-01-01', headers)).status).toBe(400);
  });
});
