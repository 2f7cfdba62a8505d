import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Kysely, sql } from 'kysely';
import { PGliteThread, PGliteThreadDialect } from '../../../src/server/db/pglite-thread';

// The embedded database in its own thread (src/server/db/pglite-thread.ts): statements of every
// connection share PGlite's one session, so a transaction must run alone, and what crosses the
// thread boundary (rows, json values, errors) must arrive as PGlite gave it.

const settled = async (promise: Promise<unknown>, ms: number) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return done;
};

describe('PGlite in its own thread', () => {
  let db: Kysely<Record<string, never>>;
  beforeAll(async () => {
    db = new Kysely({ dialect: new PGliteThreadDialect(new PGliteThread(undefined)) });
    await sql`create table items (id int primary key, note text, data jsonb, raw json)`.execute(db);
  });
  afterAll(async () => db.destroy());

  it('runs a transaction alone: another connection waits, and is not rolled back with it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (id, note) values (1, 'inside')`.execute(trx);
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = sql`insert into items (id, note) values (2, 'outside')`.execute(db);
    expect(await settled(outside, 100)).toBe(false);
    release();
    expect(await transaction).toBe('roll back');
    await outside;
    const rows = await sql<{ id: number; note: string }>`select id, note from items order by id`.execute(db);
    expect(rows.rows).toEqual([{ id: 2, note: 'outside' }]);
    await sql`delete from items`.execute(db);
  });

  it('answers statements in the order they were sent', async () => {
    const writes = Array.from({ length: 20 }, (_, i) => sql`insert into items (id, note) values (${100 + i}, ${`n${i}`})`.execute(db));
    const read = sql<{ n: number }>`select count(*)::int as n from items where id >= 100`.execute(db);
    await Promise.all(writes);
    expect((await read).rows[0]?.n).toBe(20);
    await sql`delete from items`.execute(db);
  });

  it('parses json and jsonb values, leaves text as text, and counts affected rows', async () => {
    const inserted =
      await sql`insert into items (id, note, data, raw) values (1, ${'{"not":"parsed"}'}, ${JSON.stringify({ a: [1, { b: 'c' }] })}, ${'[1,2]'})`.execute(db);
    expect(inserted.numAffectedRows).toBe(1n);
    const { rows } = await sql<{ note: string; data: unknown; raw: unknown; at: Date }>`select note, data, raw, now() as at from items`.execute(db);
    expect(rows[0]).toMatchObject({ note: '{"not":"parsed"}', data: { a: [1, { b: 'c' }] }, raw: [1, 2] });
    expect(rows[0]?.at).toBeInstanceOf(Date);
    await sql`delete from items`.execute(db);
  });

  it('sends parameters by the types PostgreSQL infers, and asks again after DDL', async () => {
    await sql`create table typed (v int, at timestamptz, flag boolean, note text)`.execute(db);
    const at = new Date('2026-11-24T10:20:30.000Z');
    const insert = (v: unknown) => sql`insert into typed (v, at, flag, note) values (${v}, ${at}, ${true}, ${null})`.execute(db);
    await insert(5);
    await insert('6');
    const read = await sql<{ v: unknown; at: Date; flag: boolean; note: null }>`select v, at, flag, note from typed order by v`.execute(db);
    expect(read.rows).toEqual([
      { v: 5, at, flag: true, note: null },
      { v: 6, at, flag: true, note: null },
    ]);
    // The same statement text after the column changed type: the kept parameter type must not be used.
    await sql`alter table typed alter column v type text`.execute(db);
    await insert('not a number');
    const after = await sql<{ v: string }>`select v from typed order by v`.execute(db);
    expect(after.rows.map((r) => r.v)).toEqual(['5', '6', 'not a number']);
    await sql`drop table typed`.execute(db);
  });

  it('keeps PostgreSQL error codes, and the next statement still runs', async () => {
    await sql`insert into items (id) values (7)`.execute(db);
    const error = await sql`insert into items (id) values (7)`.execute(db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from items`.execute(db);
    expect(rows[0]?.n).toBe(1);
    await sql`delete from items`.execute(db);
  });

  it('a failed statement inside a transaction rolls it back and frees the session', async () => {
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (id) values (8)`.execute(trx);
        await sql`insert into items (id) values (8)`.execute(trx);
      })
      .catch((e: { code?: string }) => e.code);
    expect(failed).toBe('23505');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from items`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });

  it('closing runs what was sent first, then refuses new statements', async () => {
    const other = new Kysely<Record<string, never>>({ dialect: new PGliteThreadDialect(new PGliteThread(undefined)) });
    await sql`select 1`.execute(other);
    const pending = Array.from({ length: 5 }, (_, i) => sql<{ x: number }>`select ${i}::int + 1 as x`.execute(other));
    await other.destroy();
    expect((await Promise.all(pending)).map((r) => r.rows[0]?.x)).toEqual([1, 2, 3, 4, 5]);
    await expect(sql`select 1`.execute(other)).rejects.toThrow();
  });

  it('the thread keeps the process alive only while asked something: a statement, or closing', async () => {
    const child = (lines: string[]) =>
      promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          '--eval',
          [
            "import { Kysely, sql } from 'kysely';",
            "import { PGliteThread, PGliteThreadDialect } from './src/server/db/pglite-thread.ts';",
            'const db = new Kysely({ dialect: new PGliteThreadDialect(new PGliteThread(undefined)) });',
            'const { rows } = await sql`select 6 * 7 as answer`.execute(db);',
            'console.log(JSON.stringify(rows));',
            ...lines,
          ].join('\n'),
        ],
        { timeout: 30_000 },
      );
    // Left open and idle: the process ends by itself once its own work is done.
    expect((await child([])).stdout.trim()).toBe('[{"answer":42}]');
    // Closed with statements in flight: they are answered, then the close completes.
    const closing = await child([
      'const late = Array.from({ length: 5 }, () => sql`select pg_sleep(0.01)`.execute(db));',
      'await db.destroy();',
      "console.log('closed', (await Promise.allSettled(late)).map((r) => r.status).join());",
    ]);
    expect(closing.stdout.trim().split('\n')).toEqual(['[{"answer":42}]', 'closed fulfilled,fulfilled,fulfilled,fulfilled,fulfilled']);
  });
});
