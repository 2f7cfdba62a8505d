import { sql, type Kysely } from 'kysely';

// Scheduled and temporary publishes (docs/admin-area.md, "Publish on a date"), for the rules and the
// texts alike: one row per piece of work (publish a draft at a time; end a version at a time, putting
// the version before it back), taken at its time by one instance of the fleet under a row lock
// (`for update skip locked`, publish/schedule.ts). The row is the truth: an instance that goes away
// leaves its work to the others.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('publish_schedule')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // publish: the draft (at the revision scheduled) becomes the next version; end: the version before `version` is published again.
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('draft_id', 'text')
    .addColumn('draft_revision', 'integer')
    .addColumn('version', 'integer')
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    // As the person said it: the wall-clock time and the IANA time zone.
    .addColumn('local_time', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    // A publish with an end: the end made when the publish is carried out.
    .addColumn('until_at', 'timestamptz')
    .addColumn('until_local', 'text')
    .addColumn('until_zone', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // pending, done, cancelled, failed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('done_at', 'timestamptz')
    .addColumn('result_version', 'integer')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema.createIndex('publish_schedule_due').ifNotExists().on('publish_schedule').columns(['status', 'run_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('publish_schedule').execute();
}
