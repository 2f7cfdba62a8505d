import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';

// The tables of a published kind of change (docs/admin-area.md): the rules service's
// (rules/migrations/0010-rules-tables.ts) and the texts service's (texts/migrations/0012-texts-tables.ts)
// have the same columns: versions, drafts, the published pointer, the audit. One mechanism, one code;
// each service binds it to its own tables and NOTIFY channel (rules/store.ts, texts/store.ts).

export type Db = Kysely<DB>;
export type PublishKind = 'rules' | 'texts';
type Executor = Kysely<DB> | Transaction<DB>;

export interface VersionRow<C = unknown> {
  number: number;
  changes: C[];
  reason: string;
  author_id: string;
  created_at: Date;
  approved_by: string | null;
  approved_at: Date | null;
  published_by: string;
  published_at: Date;
  based_on: number;
  republished_from: number | null;
  hash: string;
}

export interface DraftRow<C = unknown> {
  id: string;
  author_id: string;
  reason: string;
  changes: C[];
  based_on: number;
  hash: string;
  revision: number;
  approved_by: string | null;
  approved_at: Date | null;
  approved_revision: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface AuditRow {
  id: number;
  at: Date;
  actor_id: string;
  action: string;
  draft_id: string | null;
  version: number | null;
  detail: Record<string, unknown>;
}

export type AuditAction =
  'draft-create' | 'draft-update' | 'draft-delete' | 'draft-approve' | 'publish' | 'republish' | 'schedule' | 'schedule-cancel' | 'schedule-failed';
/** The texts service's own: its languages and glossary (texts/language-store.ts). */
export type TextsAuditAction = 'language-add' | 'language-fallback' | 'language-approve' | 'language-publish' | 'language-take-down' | 'glossary-set';

export type PublishRefusal = 'no-draft' | 'stale' | 'changed' | 'not-approved' | 'already-published' | 'no-version';

export interface NewVersion<C = unknown> {
  changes: C[];
  reason: string;
  authorId: string;
  createdAt: Date;
  approvedBy: string | null;
  approvedAt: Date | null;
  publishedBy: string;
  republishedFrom: number | null;
  hash: string;
}

/**
 * The store of one kind, on its tables (`<kind>_versions`...); a publish notifies `<kind>_published`.
 * The table names differ by kind only and their columns are the same, so the rules' types serve both.
 */
export function publishStore<C>(kind: PublishKind) {
  const T = {
    versions: `${kind}_versions` as 'rules_versions',
    drafts: `${kind}_drafts` as 'rules_drafts',
    published: `${kind}_published` as 'rules_published',
    audit: `${kind}_audit` as 'rules_audit',
  };
  const channel = `${kind}_published`;

  /** The version in force (0: the base). */
  async function published(db: Executor): Promise<{ version: number; published_at: Date }> {
    return db.selectFrom(T.published).select(['version', 'published_at']).where('id', '=', 1).executeTakeFirstOrThrow();
  }

  async function findVersion(db: Executor, number: number): Promise<VersionRow<C> | undefined> {
    return (await db.selectFrom(T.versions).selectAll().where('number', '=', number).executeTakeFirst()) as VersionRow<C> | undefined;
  }

  async function findVersionByHash(db: Executor, hash: string): Promise<VersionRow<C> | undefined> {
    return (await db.selectFrom(T.versions).selectAll().where('hash', '=', hash).orderBy('number', 'desc').limit(1).executeTakeFirst()) as
      VersionRow<C> | undefined;
  }

  /** The newest versions first, at most `limit`, those numbered below `before` when given. */
  async function listVersions(db: Executor, limit: number, before?: number): Promise<VersionRow<C>[]> {
    let query = db.selectFrom(T.versions).selectAll().orderBy('number', 'desc').limit(limit);
    if (before !== undefined) query = query.where('number', '<', before);
    return (await query.execute()) as VersionRow<C>[];
  }

  async function findDraft(db: Executor, id: string, forUpdate = false): Promise<DraftRow<C> | undefined> {
    let query = db.selectFrom(T.drafts).selectAll().where('id', '=', id);
    if (forUpdate) query = query.forUpdate();
    return (await query.executeTakeFirst()) as DraftRow<C> | undefined;
  }

  async function findDraftByHash(db: Executor, hash: string): Promise<DraftRow<C> | undefined> {
    return (await db.selectFrom(T.drafts).selectAll().where('hash', '=', hash).limit(1).executeTakeFirst()) as DraftRow<C> | undefined;
  }

  async function listDrafts(db: Executor): Promise<DraftRow<C>[]> {
    return (await db.selectFrom(T.drafts).selectAll().orderBy('updated_at', 'desc').limit(200).execute()) as DraftRow<C>[];
  }

  async function audit(
    db: Executor,
    row: { actorId: string; action: AuditAction | TextsAuditAction; draftId?: string | null; version?: number | null; detail: Record<string, unknown> },
  ): Promise<void> {
    await db
      .insertInto(T.audit)
      .values({ actor_id: row.actorId, action: row.action, draft_id: row.draftId ?? null, version: row.version ?? null, detail: JSON.stringify(row.detail) })
      .execute();
  }

  async function listAudit(db: Executor, limit: number, before?: number): Promise<AuditRow[]> {
    let query = db.selectFrom(T.audit).selectAll().orderBy('id', 'desc').limit(limit);
    if (before !== undefined) query = query.where('id', '<', before);
    return (await query.execute()) as AuditRow[];
  }

  async function insertDraft(db: Db, draft: { authorId: string; reason: string; changes: C[]; basedOn: number; hash: string }): Promise<DraftRow<C>> {
    return db.transaction().execute(async (trx) => {
      const row = (await trx
        .insertInto(T.drafts)
        .values({
          id: randomUUID(),
          author_id: draft.authorId,
          reason: draft.reason,
          changes: JSON.stringify(draft.changes),
          based_on: draft.basedOn,
          hash: draft.hash,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as DraftRow<C>;
      await audit(trx, {
        actorId: draft.authorId,
        action: 'draft-create',
        draftId: row.id,
        version: draft.basedOn,
        detail: { reason: draft.reason, changes: draft.changes },
      });
      return row;
    });
  }

  /** A new revision of a draft (its approval no longer holds); undefined when the revision read is not the latest. */
  async function updateDraft(
    db: Db,
    row: DraftRow<C>,
    next: { actorId: string; reason: string; changes: C[]; hash: string },
  ): Promise<DraftRow<C> | undefined> {
    return db.transaction().execute(async (trx) => {
      const updated = (await trx
        .updateTable(T.drafts)
        .set({ reason: next.reason, changes: JSON.stringify(next.changes), hash: next.hash, revision: row.revision + 1, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('revision', '=', row.revision)
        .returningAll()
        .executeTakeFirst()) as DraftRow<C> | undefined;
      if (updated)
        await audit(trx, {
          actorId: next.actorId,
          action: 'draft-update',
          draftId: row.id,
          version: row.based_on,
          detail: { reason: next.reason, changes: next.changes, revision: updated.revision },
        });
      return updated;
    });
  }

  async function deleteDraft(db: Db, id: string, actorId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom(T.drafts).where('id', '=', id).returning(['id', 'based_on', 'reason']).executeTakeFirst();
      if (deleted) await audit(trx, { actorId, action: 'draft-delete', draftId: id, version: deleted.based_on, detail: { reason: deleted.reason } });
      return !!deleted;
    });
  }

  /** Records an approval of the revision read; undefined when the draft changed since. */
  async function approveDraft(db: Db, row: DraftRow<C>, approverId: string): Promise<DraftRow<C> | undefined> {
    return db.transaction().execute(async (trx) => {
      const updated = (await trx
        .updateTable(T.drafts)
        .set({ approved_by: approverId, approved_at: new Date(), approved_revision: row.revision })
        .where('id', '=', row.id)
        .where('revision', '=', row.revision)
        .returningAll()
        .executeTakeFirst()) as DraftRow<C> | undefined;
      if (updated)
        await audit(trx, { actorId: approverId, action: 'draft-approve', draftId: row.id, version: row.based_on, detail: { revision: row.revision } });
      return updated;
    });
  }

  /**
   * Makes the next version and points the published pointer at it, in one transaction that first locks
   * the pointer: of two publishes at once, the second waits, then finds the pointer moved (stale). The
   * draft is removed in the same transaction; `notify` (PostgreSQL) tells every instance at commit.
   */
  async function publishVersion(
    db: Db | Transaction<DB>,
    options: {
      /** Checks made with the pointer locked (the draft still there, based on the published version, approved...). */
      guard: (trx: Transaction<DB>, publishedVersion: number) => Promise<PublishRefusal | undefined>;
      version: (publishedVersion: number) => NewVersion<C>;
      draftId?: string;
      action: AuditAction;
      notify: boolean;
      /** The schedule entry that carried the publish out (publish/schedule.ts), for the audit. */
      scheduled?: string;
    },
  ): Promise<{ refused: PublishRefusal } | { row: VersionRow<C> }> {
    // A scheduled publish runs inside the transaction that holds its schedule row (publish/schedule.ts).
    const inTransaction = <T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
      db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
    return inTransaction(async (trx) => {
      const pointer = await trx.selectFrom(T.published).select('version').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
      const refused = await options.guard(trx, pointer.version);
      if (refused) return { refused };
      const next =
        ((
          await trx
            .selectFrom(T.versions)
            .select((eb) => eb.fn.max('number').as('n'))
            .executeTakeFirst()
        )?.n ?? 0) + 1;
      const version = options.version(pointer.version);
      const row = (await trx
        .insertInto(T.versions)
        .values({
          number: next,
          changes: JSON.stringify(version.changes),
          reason: version.reason,
          author_id: version.authorId,
          created_at: version.createdAt,
          approved_by: version.approvedBy,
          approved_at: version.approvedAt,
          published_by: version.publishedBy,
          based_on: pointer.version,
          republished_from: version.republishedFrom,
          hash: version.hash,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as VersionRow<C>;
      await trx.updateTable(T.published).set({ version: next, published_at: new Date() }).where('id', '=', 1).execute();
      if (options.draftId) await trx.deleteFrom(T.drafts).where('id', '=', options.draftId).execute();
      await audit(trx, {
        actorId: version.publishedBy,
        action: options.action,
        draftId: options.draftId ?? null,
        version: next,
        detail: {
          reason: version.reason,
          basedOn: pointer.version,
          hash: version.hash,
          ...(version.republishedFrom !== null ? { republishedFrom: version.republishedFrom } : {}),
          ...(options.scheduled ? { scheduled: options.scheduled } : {}),
        },
      });
      // Delivered to every listening instance when the transaction commits, never before.
      if (options.notify) await sql`select pg_notify(${channel}, ${String(next)})`.execute(trx);
      return { row };
    });
  }

  return {
    published,
    findVersion,
    findVersionByHash,
    listVersions,
    findDraft,
    findDraftByHash,
    listDrafts,
    audit,
    listAudit,
    insertDraft,
    updateDraft,
    deleteDraft,
    approveDraft,
    publishVersion,
  };
}
