import type { Kysely } from 'kysely';

// The demo stand-in for the social identity provider keeps its own credentials, as an external
// provider would: the portal's accounts never hold a password for a social-login learner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_social_identities')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_social_identities').execute();
}
