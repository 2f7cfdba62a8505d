import { sql, type Kysely } from 'kysely';

// The provider's signing keys and cookie keys, when instances share PostgreSQL: created once by
// whichever instance starts first, read by every other, so a token or a session cookie one
// instance made is good at all of them. (If not exists: a database adopted from the earlier
// migration names may already hold it.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idp_secrets')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idp_secrets').execute();
}
