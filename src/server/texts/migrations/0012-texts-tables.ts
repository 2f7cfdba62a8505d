import { sql, type Kysely } from 'kysely';

// The texts service's tables (docs/admin-area.md, "Texts"): the same four as the rules service's
// (rules/migrations/0010-rules-tables.ts), since both go through one publish mechanism
// (publish/store.ts). A change here is `{ key, lang, text, source, at }` (texts/texts-files.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('texts_versions')
    .ifNotExists()
    .addColumn('number', 'integer', (c) => c.primaryKey())
    // The version's changes against the base files.
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('based_on', 'integer', (c) => c.notNull())
    .addColumn('republished_from', 'integer')
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('texts_versions_hash').ifNotExists().on('texts_versions').column('hash').execute();

  await db.schema
    .createTable('texts_drafts')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('based_on', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_revision', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('texts_drafts_hash').ifNotExists().on('texts_drafts').column('hash').execute();

  await db.schema
    .createTable('texts_published')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('texts_published')
    .values({ id: 1, version: 0 })
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db.schema
    .createTable('texts_audit')
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
  for (const table of ['texts_audit', 'texts_published', 'texts_drafts', 'texts_versions']) await db.schema.dropTable(table).execute();
}
