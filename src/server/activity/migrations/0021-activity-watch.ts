import { sql, type Kysely } from 'kysely';

// The watch over published rules versions (docs/admin-area.md, "A watch"): the threshold a product
// owner sets (one row, with when the watch last ran, so one instance of a fleet runs it per
// interval), its audit, and one flag per version whose figures got clearly worse (mailed once).
// Nothing here names a learner: the figures are rates of the daily counts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_watch_settings')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // Percentage points of a rate's rise that make a clearly worse version a flagged one.
    .addColumn('threshold_points', 'real', (c) => c.notNull().defaultTo(2))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('last_run_at', 'timestamptz')
    .execute();
  await db
    .insertInto('activity_watch_settings')
    .values({ id: 1 })
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db.schema
    .createTable('activity_watch_audit')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activity_watch_flags')
    .ifNotExists()
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('flagged_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The comparisons that were clearly worse past the threshold when last checked.
    .addColumn('figures', 'jsonb', (c) => c.notNull())
    .addColumn('mailed_at', 'timestamptz')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['activity_watch_flags', 'activity_watch_audit', 'activity_watch_settings']) await db.schema.dropTable(table).execute();
}
