import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { migrate, openDatabase, dropSchema, type Database } from '../../../src/server/db';
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../../../src/server/db/rate-limit';
import { findProfileByIdOrAccount as findProfile, writeProfile } from '../../../src/server/identity/store';
import { demoAccounts } from '../../../src/server/seed/demo-data';
import { isSeeded, profileIdOf, seedDemoData } from '../../../src/server/seed/demo';
import { POSTGRES_URL, postgresReachable } from './harness';

interface StoreCase {
  name: 'pglite' | 'postgres';
  open(): Promise<{ database: Database; second?: () => Promise<Database>; cleanup(): Promise<void> }>;
}

const cases: StoreCase[] = [
  {
    name: 'pglite',
    async open() {
      const database = await openDatabase({ databaseUrl: undefined, dataDir: '/tmp/unused' }, { inMemory: true });
      return { database, cleanup: () => database.close() };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = `storage_${randomBytes(5).toString('hex')}`;
      const config = { databaseUrl: POSTGRES_URL, dataDir: '/tmp/unused' };
      const database = await openDatabase(config, { schema });
      const others: Database[] = [];
      return {
        database,
        second: async () => {
          const other = await openDatabase(config, { schema });
          others.push(other);
          return other;
        },
        async cleanup() {
          for (const other of others) await other.close();
          await dropSchema(database.db, schema);
          await database.close();
        },
      };
    },
  },
];

describe.each(cases)('storage on $name', (store) => {
  let opened: Awaited<ReturnType<StoreCase['open']>> | undefined;
  beforeAll(async () => {
    if (store.name === 'postgres' && !(await postgresReachable())) return;
    opened = await store.open();
  });
  afterAll(async () => opened?.cleanup());

  it('migrates once and again without change, and seeds idempotently', async ({ skip }) => {
    if (!opened) return skip();
    const { db } = opened.database;
    await migrate(db);
    expect(await isSeeded(db)).toBe(false);
    await seedDemoData(db);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('accounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const keys = async () =>
      Number(
        (
          await db
            .selectFrom('access_keys')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { accounts: await count(), keys: await keys() };
    expect(before.accounts).toBe(demoAccounts.length);
    await seedDemoData(db);
    expect({ accounts: await count(), keys: await keys() }).toEqual(before);
    expect(await isSeeded(db)).toBe(true);
  });

  it('adopts a database made with the earlier migration names without running anything twice', async ({ skip }) => {
    if (!opened) return skip();
    const { db } = opened.database;
    await migrate(db);
    const names = async () => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);
    const current = await names();
    // As an earlier layout recorded them: one initial migration for every service's tables.
    await sql`delete from kysely_migration`.execute(db);
    for (const old of ['0001_initial', '0002_oidc', '0003_demo_social'])
      await sql`insert into kysely_migration (name, timestamp) values (${old}, ${new Date().toISOString()})`.execute(db);
    await migrate(db);
    expect(await names()).toEqual(current);
  });

  it('keeps profile documents as jsonb and refuses a save over a newer version', async ({ skip }) => {
    if (!opened) return skip();
    const { db } = opened.database;
    const row = await findProfile(db, profileIdOf(demoAccounts[0]!.id));
    expect(row?.document.addresses?.[0]).toMatchObject({ isPrimary: true, index: 0 });
    const saved = await writeProfile(db, row!, { ...row!.document, company: 'Saved' }, { actorId: row!.account_id, action: 'test', paths: ['/company'] });
    expect(saved?.version).toBe(row!.version + 1);
    expect(
      await writeProfile(db, row!, { ...row!.document, company: 'Stale' }, { actorId: row!.account_id, action: 'test', paths: ['/company'] }),
    ).toBeUndefined();
    expect((await findProfile(db, row!.id))?.document.company).toBe('Saved');
  });

  it('counts rate-limit hits in the database, windowed, resettable', async ({ skip }) => {
    if (!opened) return skip();
    const { db } = opened.database;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, 'storage-test', 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterMs).toBeGreaterThan(0);
    expect((await peekRateLimit(db, 'storage-test', 3, 60_000)).allowed).toBe(false);
    await resetRateLimit(db, 'storage-test');
    expect((await hitRateLimit(db, 'storage-test', 3, 60_000)).remaining).toBe(2);
    await hitRateLimit(db, 'short-window', 1, 1);
    await new Promise((r) => setTimeout(r, 5));
    expect((await hitRateLimit(db, 'short-window', 1, 1)).allowed).toBe(true);
  });

  it('a second instance shares the counters (PostgreSQL)', async ({ skip }) => {
    if (!opened?.second) return skip();
    const other = await opened.second();
    await hitRateLimit(opened.database.db, 'shared-key', 2, 60_000);
    await hitRateLimit(other.db, 'shared-key', 2, 60_000);
    expect((await hitRateLimit(opened.database.db, 'shared-key', 2, 60_000)).allowed).toBe(false);
  });
});
