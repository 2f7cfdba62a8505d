import { sql, type Kysely } from 'kysely';

// The identity service's tables: accounts, profiles and their audit, e-mail codes, legacy accounts, roles, announcements.
// One schema for PGlite and PostgreSQL: only types and defaults both understand. Migrations see no
// table types: they run before the types describe the tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('authentication_source', 'text', (c) => c.notNull().defaultTo('localAuthentication'))
    .addColumn('is_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('locale', 'text')
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().unique().references('accounts.id').onDelete('cascade'))
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('profile_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('paths', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createIndex('profile_audit_profile').on('profile_audit').column('profile_id').execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('legacy_accounts')
    .addColumn('login', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phash', 'text', (c) => c.notNull())
    .addColumn('certmaster_user_id', 'text', (c) => c.notNull())
    .addColumn('linked_account_id', 'text')
    .execute();

  await db.schema.createIndex('legacy_accounts_email').on('legacy_accounts').column('email').execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cmp_roles')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('campus_id', 'text')
    .execute();
}
