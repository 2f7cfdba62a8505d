import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { Direction, Language } from './languages';
import { audit, type Db } from './store';

// The texts service's languages and glossary (migrations/0013-texts-languages.ts). Every change is
// one transaction with its audit row (texts_audit), and on PostgreSQL sends `NOTIFY texts_published`
// at commit, so every instance reads the list again at once (as it does a published texts version;
// the one-second poll reads it too).

export interface LanguageRow {
  tag: string;
  state: 'draft' | 'live';
  fallback: string | null;
  direction: Direction;
  built_in: boolean;
  revision: number;
  approved_by: string | null;
  approved_at: Date | null;
  approved_revision: number | null;
  created_by: string;
  created_at: Date;
  updated_by: string;
  updated_at: Date;
}

/** What a change of a language may set. */
export type LanguageChange = Partial<Pick<LanguageRow, 'state' | 'fallback' | 'revision' | 'approved_by' | 'approved_at' | 'approved_revision' | 'updated_by'>>;

export const asLanguage = (row: LanguageRow): Language => ({
  tag: row.tag,
  state: row.state,
  fallback: row.fallback,
  direction: row.direction,
  builtIn: row.built_in,
});

const notify = (trx: Transaction<DB>) => sql`select pg_notify('texts_published', 'languages')`.execute(trx);

export async function listLanguages(db: Db): Promise<LanguageRow[]> {
  // Built-in first (the source language first of all), then by tag.
  return (await db.selectFrom('texts_languages').selectAll().orderBy('built_in', 'desc').orderBy('created_at').orderBy('tag').execute()) as LanguageRow[];
}

/** A new draft language; undefined when the tag is there already. */
export async function addLanguage(db: Db, language: { tag: string; direction: Direction; actorId: string; notify: boolean }): Promise<LanguageRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = (await trx
      .insertInto('texts_languages')
      .values({ tag: language.tag, state: 'draft', fallback: null, direction: language.direction, created_by: language.actorId, updated_by: language.actorId })
      .onConflict((oc) => oc.column('tag').doNothing())
      .returningAll()
      .executeTakeFirst()) as LanguageRow | undefined;
    if (row) {
      await audit(trx, { actorId: language.actorId, action: 'language-add', detail: { tag: row.tag, direction: row.direction } });
      if (language.notify) await notify(trx);
    }
    return row;
  });
}

/**
 * A change of one language made with its row locked: `change` sees the list as it is in the
 * transaction and answers the new fields (or a refusal); the audit row records `detail`.
 */
export async function changeLanguage<R>(
  db: Db,
  options: {
    tag: string;
    actorId: string;
    action: 'language-fallback' | 'language-approve' | 'language-publish' | 'language-take-down';
    notify: boolean;
    change: (row: LanguageRow, all: LanguageRow[]) => { refused: R } | { set: LanguageChange; detail: Record<string, unknown> };
  },
): Promise<{ refused: R | 'no-language' } | { row: LanguageRow }> {
  return db.transaction().execute(async (trx) => {
    // Every row locked, in one order: a fallback's state and a language's are judged together.
    const all = (await trx.selectFrom('texts_languages').selectAll().orderBy('tag').forUpdate().execute()) as LanguageRow[];
    const row = all.find((r) => r.tag === options.tag);
    if (!row) return { refused: 'no-language' as const };
    const outcome = options.change(row, all);
    if ('refused' in outcome) return outcome;
    const updated = (await trx
      .updateTable('texts_languages')
      .set({ ...outcome.set, updated_at: new Date() })
      .where('tag', '=', row.tag)
      .returningAll()
      .executeTakeFirstOrThrow()) as LanguageRow;
    await audit(trx, { actorId: options.actorId, action: options.action, detail: { tag: row.tag, ...outcome.detail } });
    if (options.notify) await notify(trx);
    return { row: updated };
  });
}

export interface GlossaryRow {
  term: string;
  lang: string;
  translation: string;
  updated_by: string;
  updated_at: Date;
}

export async function glossary(db: Db): Promise<GlossaryRow[]> {
  return (await db.selectFrom('texts_glossary').selectAll().orderBy('term').orderBy('lang').limit(5000).execute()) as GlossaryRow[];
}

/** Sets (or, with null, removes) a term's agreed translation in one language. */
export async function setGlossaryTerm(db: Db, entry: { term: string; lang: string; translation: string | null; actorId: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (entry.translation === null) await trx.deleteFrom('texts_glossary').where('term', '=', entry.term).where('lang', '=', entry.lang).execute();
    else
      await trx
        .insertInto('texts_glossary')
        .values({ term: entry.term, lang: entry.lang, translation: entry.translation, updated_by: entry.actorId })
        .onConflict((oc) =>
          oc.columns(['term', 'lang']).doUpdateSet({ translation: entry.translation as string, updated_by: entry.actorId, updated_at: new Date() }),
        )
        .execute();
    await audit(trx, { actorId: entry.actorId, action: 'glossary-set', detail: { term: entry.term, lang: entry.lang, translation: entry.translation } });
  });
}
