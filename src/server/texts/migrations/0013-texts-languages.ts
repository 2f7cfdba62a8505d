import { sql, type Kysely } from 'kysely';

// The languages of the texts service and its glossary (docs/admin-area.md, "Languages"). A language is
// a BCP 47 tag, draft or live, with its fallback and reading direction; the languages with files
// (en, ja) are built in and live. Approval, as for a texts draft, is of the language's current
// revision (a change of its fallback is a new one). The glossary holds a product term's agreed
// translation per language.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('texts_languages')
    .ifNotExists()
    .addColumn('tag', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('draft', 'live')`))
    .addColumn('fallback', 'text')
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('ltr', 'rtl')`))
    .addColumn('built_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_revision', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('texts_languages')
    .values([
      { tag: 'en', state: 'live', fallback: null, direction: 'ltr', built_in: true, created_by: 'files', updated_by: 'files' },
      { tag: 'ja', state: 'live', fallback: 'en', direction: 'ltr', built_in: true, created_by: 'files', updated_by: 'files' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db.schema
    .createTable('texts_glossary')
    .ifNotExists()
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('translation', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('texts_glossary_pk', ['term', 'lang'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['texts_glossary', 'texts_languages']) await db.schema.dropTable(table).execute();
}
