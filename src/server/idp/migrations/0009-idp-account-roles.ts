import { sql, type Kysely } from 'kysely';

// Admin roles an account holds (`product-owner`, `localisation`: docs/admin-area.md), kept with the
// account and carried in its tokens as the claim `roles`. A JSON array of strings; empty for a learner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('roles').execute();
}
