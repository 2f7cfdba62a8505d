import type { Kysely } from 'kysely';

// The identity provider's sessions, grants, codes and tokens: every instance reads the same rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_id').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').columns(['model', 'uid']).execute();
  await db.schema.createIndex('oidc_payloads_user_code').on('oidc_payloads').columns(['model', 'user_code']).execute();
  await db.schema.createIndex('oidc_payloads_expires_at').on('oidc_payloads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_payloads').execute();
}
