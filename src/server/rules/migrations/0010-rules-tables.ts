import { sql, type Kysely } from 'kysely';

// The rules service's tables (docs/admin-area.md): the published versions of the field rules (the
// base plus changes), the drafts product owners work on, the pointer to the version in force, and
// the audit of every draft change, approval, publish and roll back. (If not exists: a database adopted
// from the earlier migration names may already hold them.)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rules_versions')
    .ifNotExists()
    .addColumn('number', 'integer', (c) => c.primaryKey())
    // The version's changes against the base: [{ file, op, path, value }], JSON Patch per file.
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('based_on', 'integer', (c) => c.notNull())
    // A roll back: the version whose changes this one repeats.
    .addColumn('republished_from', 'integer')
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rules_versions_hash').ifNotExists().on('rules_versions').column('hash').execute();

  await db.schema
    .createTable('rules_drafts')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // The draft's own changes, applied on top of the version it is based on.
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('based_on', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    // Bumped by every change of the draft; an approval holds for the revision it saw.
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_revision', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rules_drafts_hash').ifNotExists().on('rules_drafts').column('hash').execute();

  // One row: the version in force (0 is the base, the schema files as the build ships them).
  await db.schema
    .createTable('rules_published')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('rules_published')
    .values({ id: 1, version: 0 })
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db.schema
    .createTable('rules_audit')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('draft_id', 'text')
    .addColumn('version', 'integer')
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rules_audit', 'rules_published', 'rules_drafts', 'rules_versions']) await db.schema.dropTable(table).execute();
}
