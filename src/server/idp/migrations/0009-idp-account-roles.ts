import { sql, type Kysely } from 'kysely';

// Admin roles an account holds (`product-owner`, `localisation`: docs/admin-area.md), kept with the
// account and carried in its tokens as the claim `roles`. A JSON array of strings; empty for a learner.
// (If not exists: a database adopted from the earlier migration names may already hold it.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column if not exists roles jsonb not null default '[]'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('roles').execute();
}
