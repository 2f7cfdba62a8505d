import { sql, type Kysely } from 'kysely';

// Form activity (docs/admin-area.md, "Evidence: form activity"): daily counts, kept, and the raw
// events of the last 30 days. Nothing in either names a learner. An absent form, field, key or modal
// is '' (not null), so that one unique key covers every count and an upsert finds its row.
// If not exists: migrating again is harmless (a database adopted from earlier migration names runs
// every later one again). One schema for PGlite and PostgreSQL. Migrations see no table types: they run before the types
// describe the tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_activity_daily')
    .ifNotExists()
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('message_key', 'text', (c) => c.notNull())
    .addColumn('modal', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_activity_daily_pk', ['day', 'event', 'form', 'field', 'message_key', 'modal'])
    .execute();

  await db.schema
    .createTable('form_activity_events')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('form', 'text')
    .addColumn('field', 'text')
    .addColumn('message_key', 'text')
    .addColumn('modal', 'text')
    .execute();
  await db.schema.createIndex('form_activity_events_received_at').ifNotExists().on('form_activity_events').column('received_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('form_activity_events').execute();
  await db.schema.dropTable('form_activity_daily').execute();
}
