import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { FormActivityEvent, FormActivitySink } from '../../../src/server/activity/sink';
import { account, learner, postgresReachable, startTestServer, useTestServer, type Store, type TestServer } from './harness';

// Form activity (docs/admin-area.md, "Evidence: form activity"): the portal's events in, through
// the sink, and the product owner's statistics out, on both stores, with the real app and database.

const stores: Store[] = ['pglite', 'postgres'];
const owner = account(3);
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A rejected save of the profile form: opened, submitted, two fields rejected, abandoned; a modal seen. */
const rejectedSave = (): FormActivityEvent[] => {
  const at = new Date().toISOString();
  return [
    { type: 'form-opened', form: 'profile', at },
    { type: 'submit-attempted', form: 'profile', at },
    { type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.MaxLength', at },
    { type: 'field-rejected', form: 'profile', field: 'company', key: 'Validation.InvalidCompany', at },
    { type: 'submit-attempted', form: 'profile', at },
    { type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.InvalidCity', at },
    { type: 'form-abandoned', form: 'profile', at },
    { type: 'modal-viewed', modal: 'redeem', at },
  ];
};

async function withServer(store: Store, env: Record<string, string>, run: (server: TestServer) => Promise<void>, sink?: FormActivitySink): Promise<boolean> {
  if (store === 'postgres' && !(await postgresReachable())) return false;
  const server = await startTestServer(store, env, sink ? { formActivitySink: sink } : {});
  try {
    await run(server);
  } finally {
    await server.close();
  }
  return true;
}

const post = async (server: TestServer, events: unknown, who = learner) =>
  server.app.inject({ method: 'POST', url: '/api/form-activity', headers: await server.headers(who.accountId), payload: events as object });

const stats = async (server: TestServer, query = '', roles: string[] | null = ['product-owner']) =>
  server.app.inject({
    method: 'GET',
    url: `/api/admin/form-activity${query}`,
    headers: {
      authorization: `Bearer ${await server.token(owner.accountId, roles ? { roles } : {})}`,
      [server.config.functionKeyHeader]: server.config.functionKey,
    },
  });

const rawCount = async (server: TestServer) =>
  Number((await sql<{ n: string }>`select count(*) as n from form_activity_events`.execute(server.database.db)).rows[0]!.n);
const dailyRows = async (server: TestServer) =>
  server.database.db
    .selectFrom('form_activity_daily')
    .select(['event', 'form', 'field', 'message_key', 'modal', 'count'])
    .orderBy('event')
    .orderBy('field')
    .orderBy('message_key')
    .execute();

describe.each(stores)('form activity on %s', (store) => {
  const s = useTestServer(store);
  beforeEach(async () => {
    await s().database.db.deleteFrom('form_activity_daily').execute();
    await s().database.db.deleteFrom('form_activity_events').execute();
    await s().database.db.deleteFrom('rate_limits').execute();
  });

  it('records a batch (204): one daily count per day, event, form, field, key and modal, and the raw events without an id', async () => {
    const res = await post(s(), rejectedSave());
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await post(s(), rejectedSave().slice(0, 3))).toMatchObject({ statusCode: 204 });
    const rows = await dailyRows(s());
    expect(rows).toEqual([
      { event: 'field-rejected', form: 'profile', field: 'company', message_key: 'Validation.InvalidCompany', modal: '', count: 1 },
      { event: 'field-rejected', form: 'profile', field: 'primaryAddress/city', message_key: 'Validation.InvalidCity', modal: '', count: 1 },
      { event: 'field-rejected', form: 'profile', field: 'primaryAddress/city', message_key: 'Validation.MaxLength', modal: '', count: 2 },
      { event: 'form-abandoned', form: 'profile', field: '', message_key: '', modal: '', count: 1 },
      { event: 'form-opened', form: 'profile', field: '', message_key: '', modal: '', count: 2 },
      { event: 'modal-viewed', form: '', field: '', message_key: '', modal: 'redeem', count: 1 },
      { event: 'submit-attempted', form: 'profile', field: '', message_key: '', modal: '', count: 3 },
    ]);
    expect(await rawCount(s())).toBe(11);
    // Nothing in either table names the learner.
    const everything = JSON.stringify([rows, (await sql`select * from form_activity_events`.execute(s().database.db)).rows]);
    expect(everything).not.toContain(learner.accountId);
    expect(everything).not.toContain(learner.profileId);
  });

  it('answers the product owner per form and field: rejections by key per submit attempt, and modal views', async () => {
    await post(s(), rejectedSave());
    await post(s(), [{ type: 'submit-attempted', form: 'email', at: new Date().toISOString() }]);
    const res = await stats(s(), `?form=profile&from=${daysAgo(6)}&to=${today()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      from: daysAgo(6),
      to: today(),
      recording: true,
      forms: [
        {
          form: 'profile',
          opened: 1,
          submitAttempts: 2,
          abandoned: 1,
          fields: [
            {
              field: 'primaryAddress/city',
              rejections: 2,
              rejectionRate: 1,
              keys: [
                { key: 'Validation.InvalidCity', rejections: 1, rejectionRate: 0.5 },
                { key: 'Validation.MaxLength', rejections: 1, rejectionRate: 0.5 },
              ],
            },
            { field: 'company', rejections: 1, rejectionRate: 0.5, keys: [{ key: 'Validation.InvalidCompany', rejections: 1, rejectionRate: 0.5 }] },
          ],
        },
      ],
      modals: [{ modal: 'redeem', views: 1 }],
    });
    // Every form with activity when none is named; the last 30 days by default; a form without any shows zeros.
    const all = (await stats(s())).json();
    expect(all.forms.map((f: { form: string }) => f.form)).toEqual(['profile', 'email']);
    expect(all.from).toBe(daysAgo(29));
    expect((await stats(s(), '?form=password')).json().forms).toEqual([{ form: 'password', opened: 0, submitAttempts: 0, abandoned: 0, fields: [] }]);
    // A period that ends before today holds none of it.
    const before = (await stats(s(), `?from=${daysAgo(10)}&to=${daysAgo(1)}`)).json();
    expect(before.forms).toEqual([]);
    expect(before.modals).toEqual([]);
  });

  it('refuses the statistics to a learner (403) and to no token (401); the events to no token (401)', async () => {
    const learnerToken = await stats(s(), '', null);
    expect(learnerToken.statusCode).toBe(403);
    expect(learnerToken.json()).toEqual({ message: expect.any(String), statusCode: 403 });
    expect((await stats(s(), '', ['localisation'])).statusCode).toBe(403);
    expect((await stats(s(), '', ['product-owner-not'])).statusCode).toBe(403);
    const fk = { [s().config.functionKeyHeader]: s().config.functionKey };
    expect((await s().app.inject({ method: 'GET', url: '/api/admin/form-activity', headers: fk })).statusCode).toBe(401);
    // The role check follows the route, not the spelling of its URL.
    const learnerHeaders = await s().headers(learner.accountId);
    expect((await s().app.inject({ method: 'GET', url: '/api/admin/form-%61ctivity', headers: learnerHeaders })).statusCode).toBe(403);
    expect((await s().app.inject({ method: 'POST', url: '/api/form-activity', headers: fk, payload: [] })).statusCode).toBe(401);
  });

  it('validates the period: a day, from on or before to, at most 366 days', async () => {
    expect((await stats(s(), `?from=${daysAgo(365)}&to=${today()}`)).statusCode).toBe(200);
    const tooLong = await stats(s(), `?from=${daysAgo(366)}&to=${today()}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ path: '/querystring/from', key: 'Validation.InvalidPeriod' }]);
    expect((await stats(s(), `?from=${today()}&to=${daysAgo(1)}`)).json().errors).toEqual([{ path: '/querystring/from', key: 'Validation.InvalidPeriod' }]);
    for (const query of ['?from=2026-02-30', '?to=yesterday', '?form=nope', '?form=profile&extra=1', `?to=${'9'.repeat(300)}`]) {
      expect((await stats(s(), query)).statusCode, query).toBe(400);
    }
  });

  it('refuses what is not an event of the list, personal or unbounded, and stores nothing of it', async () => {
    const at = new Date().toISOString();
    const refused: Array<[string, unknown]> = [
      ['51 events', Array.from({ length: 51 }, () => ({ type: 'form-opened', form: 'profile', at }))],
      ['not a list', { type: 'form-opened', form: 'profile', at }],
      ['an unknown type', [{ type: 'field-typed', form: 'profile', at }]],
      ['an unknown form', [{ type: 'form-opened', form: 'payroll', at }]],
      ['a value', [{ type: 'field-rejected', form: 'profile', field: 'company', key: 'Validation.InvalidCompany', value: 'ACME', at }]],
      ['an id', [{ type: 'form-opened', form: 'profile', at, accountId: learner.accountId }]],
      ['a key outside Validation.*', [{ type: 'field-rejected', form: 'profile', field: 'company', key: 'widgets:Errors.Invalid', at }]],
      ['a field that is no field of the form', [{ type: 'field-rejected', form: 'profile', field: 'johnSmith', key: 'Validation.Required', at }]],
      ['a field of another form', [{ type: 'field-rejected', form: 'redeem', field: 'company', at }]],
      ['a field path with an address in it', [{ type: 'field-rejected', form: 'profile', field: 'learner@example.com', at }]],
      ['a field-rejected without a field', [{ type: 'field-rejected', form: 'profile', key: 'Validation.Required', at }]],
      ['a field on another event', [{ type: 'submit-attempted', form: 'profile', field: 'company', at }]],
      ['a modal view with a form', [{ type: 'modal-viewed', modal: 'redeem', form: 'profile', at }]],
      ['a modal view without a modal', [{ type: 'modal-viewed', at }]],
      ['an unknown modal', [{ type: 'modal-viewed', modal: 'pop-up', at }]],
      ['a time a month ago', [{ type: 'form-opened', form: 'profile', at: new Date(Date.now() - 30 * 86_400_000).toISOString() }]],
      ['a time next week', [{ type: 'form-opened', form: 'profile', at: new Date(Date.now() + 7 * 86_400_000).toISOString() }]],
      ['a time that is no time', [{ type: 'form-opened', form: 'profile', at: 'yesterday' }]],
      ['a long string', [{ type: 'field-rejected', form: 'profile', field: `a${'b'.repeat(300)}`, at }]],
    ];
    for (const [what, body] of refused) {
      const res = await post(s(), body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().errors?.length, what).toBeGreaterThan(0);
    }
    const unknownField = await post(s(), [{ type: 'field-rejected', form: 'profile', field: 'johnSmith', at }]);
    expect(unknownField.json().errors).toEqual([{ path: '/0/field', key: 'Validation.UnknownField' }]);
    expect(await rawCount(s())).toBe(0);
    expect(await dailyRows(s())).toEqual([]);
    // An empty batch is fine and stores nothing; conditional fields of a form count as its fields.
    expect((await post(s(), [])).statusCode).toBe(204);
    expect((await post(s(), [{ type: 'field-rejected', form: 'exam', field: 'birthYear', key: 'Validation.InvalidBirthYear', at }])).statusCode).toBe(204);
  });

  it("refuses a message key the validation texts do not have, so no learner's words reach the report, and counts every key they have", async () => {
    const at = new Date().toISOString();
    const secret = [{ type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.AhSecretAlexandraRivera', at }];
    const res = await post(s(), secret);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: '/0/key', key: 'Validation.InvalidValue' }]);
    expect(await rawCount(s())).toBe(0);
    const report = await stats(s(), '?form=profile');
    expect(JSON.stringify(report.json())).not.toContain('AhSecret');

    // Every message of the validation namespace (the services' texts, as published) is a key an event may carry.
    const messages = Object.keys((JSON.parse(readFileSync('locales/en/validation.json', 'utf8')) as { Validation: Record<string, string> }).Validation)
      .filter((name) => /^[A-Za-z]+$/.test(name))
      .map((name) => `Validation.${name}`);
    expect(messages.length).toBeGreaterThan(40);
    for (let i = 0; i < messages.length; i += 50) {
      const batch = messages.slice(i, i + 50).map((key) => ({ type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key, at }));
      expect((await post(s(), batch)).statusCode).toBe(204);
    }
    const city = (await stats(s(), '?form=profile')).json().forms[0].fields.find((f: { field: string }) => f.field === 'primaryAddress/city');
    expect(city.keys.map((k: { key: string }) => k.key).sort()).toEqual([...messages].sort());
  });

  it('the deleted raw events are those received over 30 days ago; the daily counts stay', async () => {
    await post(s(), rejectedSave().slice(0, 2));
    const { db } = s().database;
    const old = (days: number) => ({
      received_at: new Date(Date.now() - days * 86_400_000),
      at: new Date(Date.now() - days * 86_400_000),
      event: 'form-opened',
      form: 'profile',
    });
    await db
      .insertInto('form_activity_events')
      .values([old(31), old(45), old(29)])
      .execute();
    expect(await rawCount(s())).toBe(5);
    expect(await s().app.services.formActivity.sweep()).toBe(2);
    expect(await rawCount(s())).toBe(3);
    expect(await dailyRows(s())).toHaveLength(2);
  });
});

describe.each(stores)(
  'form activity settings on %s',
  (store) => {
    it('bounds the events per account (429 with Retry-After past FORM_ACTIVITY_LIMIT); another account is not affected', async ({ skip }) => {
      const ran = await withServer(store, { FORM_ACTIVITY_LIMIT: '10' }, async (server) => {
        const at = new Date().toISOString();
        const six = Array.from({ length: 6 }, () => ({ type: 'form-opened', form: 'profile', at }));
        expect((await post(server, six)).statusCode).toBe(204);
        const over = await post(server, six);
        expect(over.statusCode).toBe(429);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect((await post(server, six, account(4))).statusCode).toBe(204);
        const [opened] = await dailyRows(server);
        expect(opened?.count).toBe(12);
      });
      if (!ran) skip();
    });

    it('FORM_ACTIVITY=off: 204 and nothing stored, nothing counted against the bound; the portal configuration says so', async ({ skip }) => {
      const ran = await withServer(store, { FORM_ACTIVITY: 'off' }, async (server) => {
        expect((await post(server, rejectedSave())).statusCode).toBe(204);
        expect(await rawCount(server)).toBe(0);
        expect(await dailyRows(server)).toEqual([]);
        expect(await server.database.db.selectFrom('rate_limits').selectAll().where('key', 'like', 'form-activity:%').execute()).toEqual([]);
        const config = await server.app.inject({ method: 'GET', url: '/portal-config.json' });
        expect(config.json().formActivity).toBe(false);
        const res = await stats(server);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ recording: false, forms: [], modals: [] });
      });
      if (!ran) skip();
    });

    it('passes the checked events to the configured sink instead of the database', async ({ skip }) => {
      const received: FormActivityEvent[][] = [];
      const sink: FormActivitySink = { record: async (events) => void received.push([...events]) };
      const ran = await withServer(
        store,
        {},
        async (server) => {
          const config = await server.app.inject({ method: 'GET', url: '/portal-config.json' });
          expect(config.json().formActivity).toBe(true);
          const events = rejectedSave();
          expect((await post(server, events)).statusCode).toBe(204);
          expect((await post(server, [{ type: 'form-opened', form: 'nope', at: events[0]!.at }])).statusCode).toBe(400);
          expect(received).toEqual([events]);
          expect(await rawCount(server)).toBe(0);
          expect(await dailyRows(server)).toEqual([]);
        },
        sink,
      );
      if (!ran) skip();
    });
  },
  60_000,
); // each test starts a server of its own
