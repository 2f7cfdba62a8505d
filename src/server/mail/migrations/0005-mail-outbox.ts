import { sql, type Kysely } from 'kysely';

// The development outbox that stands in for SMTP.
// One schema for PGlite and PostgreSQL: only types and defaults both understand. Migrations see no
// table types: they run before the types describe the tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createIndex('outbox_to').on('outbox').column('to_address').execute();
}
