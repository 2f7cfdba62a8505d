import type { Kysely } from 'kysely';

// Rate-limit counters shared by every service and instance.
// One schema for PGlite and PostgreSQL: only types and defaults both understand. Migrations see no
// table types: they run before the types describe the tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .execute();
}
