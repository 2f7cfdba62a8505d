import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import { conflict, invalid, notFound } from '../errors';
import type { Caller } from '../http/auth';
import { publishStore, type DraftRow, type PublishKind, type PublishRefusal } from './store';
import { iso } from './views';
import { zonedInstant } from './zoned-time';

// Publish on a date (docs/admin-area.md, "Publish on a date"), for the rules and the texts alike.
// A piece of work is a row of publish_schedule: publish a draft at a time, or end a version at a time
// (the version before it comes back). Every instance looks for due rows every second and sets a timer
// for one due within the next 1.5 s; at the time, each instance that sees the row prepares it (reads
// and checks the draft, builds the new version's validators) and then tries to take it in a
// transaction, `select … for update skip locked`: one instance takes it and publishes in that same
// transaction, the others skip it and follow the publish as they follow any (NOTIFY and the 1 s poll).
// Rows due within ten minutes are prepared ahead, so every instance has the new version's validators
// built before its time and switches within milliseconds of the commit. An instance that scheduled
// the work and is gone leaves nothing undone: the row is the truth.

export interface ScheduledWork {
  id: string;
  kind: PublishKind;
  action: 'publish' | 'end';
  draftId: string | null;
  draftRevision: number | null;
  version: number | null;
  reason: string;
  createdBy: string;
}

export type PreparedWork = { commit(trx: Transaction<DB>): Promise<{ version: number } | { refused: string }> } | { refused: string };

/** What a kind's service does for the scheduler (rules/service.ts, texts/service.ts). */
export interface ScheduleExecutor {
  /** Outside any transaction: read and check what the work needs; build what the new version needs. */
  prepare(work: ScheduledWork): Promise<PreparedWork>;
  /** After the commit: look at the published pointer again (this instance switches to the new version). */
  refresh(): Promise<void>;
  /** The version in force here. */
  publishedVersion(): number;
  /** A draft that may be scheduled now: its revision; throws the service's refusal otherwise (missing, stale, not approved). */
  schedulable(draftId: string): Promise<{ revision: number }>;
}

type StoreOf<C> = ReturnType<typeof publishStore<C>>;

/** A draft approved, for its current revision, by an account other than its author's. */
const draftApproved = (row: DraftRow<unknown>): boolean =>
  row.approved_by !== null && row.approved_by !== row.author_id && row.approved_revision === row.revision;

/**
 * The version a draft's publish makes (the same for the rules and the texts): the draft's reason and
 * author, its approval if of its current revision, the changes and hash the caller worked out.
 */
export const versionOfDraft = <C>(row: DraftRow<unknown>, made: { changes: C[]; hash: string; publishedBy: string }) => ({
  changes: made.changes,
  reason: row.reason,
  authorId: row.author_id,
  createdAt: row.created_at,
  approvedBy: row.approved_revision === row.revision ? row.approved_by : null,
  approvedAt: row.approved_revision === row.revision ? row.approved_at : null,
  publishedBy: made.publishedBy,
  republishedFrom: null,
  hash: made.hash,
});

/**
 * A draft's publish, checked with the published pointer locked (the same for the rules and the
 * texts): still there, unchanged since it was read, based on the version in force, approved when
 * approval is on.
 */
export const draftGuard =
  <C>(store: Pick<StoreOf<C>, 'findDraft'>, row: DraftRow<C>, approval: boolean) =>
  async (locking: Transaction<DB>, publishedVersion: number): Promise<PublishRefusal | undefined> => {
    const locked = await store.findDraft(locking, row.id, true);
    if (!locked) return 'no-draft';
    if (locked.revision !== row.revision) return 'changed';
    if (locked.based_on !== publishedVersion) return 'stale';
    if (approval && !draftApproved(locked)) return 'not-approved';
    return undefined;
  };

/**
 * A draft that may be scheduled now (the same for the rules and the texts): there, based on the
 * version in force (after one more look at the pointer), and approved where approval is on; else the
 * service's refusal is thrown.
 */
export async function schedulableDraft<C>(
  store: Pick<StoreOf<C>, 'findDraft'>,
  db: Kysely<DB>,
  draftId: string,
  options: { publishedVersion(): number; refresh(): Promise<void>; approval: boolean; notApproved: string },
): Promise<DraftRow<C>> {
  const row = await store.findDraft(db, draftId);
  if (!row) throw notFound('No such draft.');
  if (row.based_on !== options.publishedVersion()) await options.refresh();
  if (row.based_on !== options.publishedVersion())
    throw conflict('The draft is based on a version that is no longer published; start it again from the published version.');
  if (options.approval && !draftApproved(row)) throw conflict(options.notApproved);
  return row;
}

/** The draft a scheduled publish names, as it was scheduled (its revision), or why it cannot be. */
export async function draftOfWork<C>(
  store: Pick<StoreOf<C>, 'findDraft'>,
  db: Kysely<DB>,
  work: ScheduledWork,
): Promise<{ row: DraftRow<C> } | { refused: string }> {
  const row = work.draftId ? await store.findDraft(db, work.draftId) : undefined;
  if (!row) return { refused: 'no-draft' };
  if (row.revision !== work.draftRevision) return { refused: 'changed' };
  return { row };
}

/**
 * The end of a temporary version (`end` work), the same for the rules and the texts: the version it
 * was set on gives way to the one it was based on, republished by who set the end. It applies to that
 * version only: once another is in force, it is refused (stale). `restore` resolves the version that
 * comes back (and builds what it needs before its time) and answers its hash.
 */
export async function prepareEnd<C>(
  store: Pick<StoreOf<C>, 'findVersion' | 'publishVersion'>,
  db: Kysely<DB>,
  work: ScheduledWork,
  options: { notify: boolean; restore(number: number): Promise<{ hash: string }> },
): Promise<PreparedWork> {
  const number = work.version ?? 0;
  const ending = number > 0 ? await store.findVersion(db, number) : undefined;
  if (!ending) return { refused: 'no-version' };
  const restore = ending.based_on;
  const target = restore === 0 ? undefined : await store.findVersion(db, restore);
  const { hash } = await options.restore(restore);
  return {
    async commit(trx) {
      const result = await store.publishVersion(trx, {
        action: 'republish',
        notify: options.notify,
        scheduled: work.id,
        guard: async (_trx, publishedVersion) => (publishedVersion !== number ? 'stale' : undefined),
        version: () => ({
          changes: target?.changes ?? [],
          reason: work.reason,
          authorId: work.createdBy,
          createdAt: new Date(),
          approvedBy: null,
          approvedAt: null,
          publishedBy: work.createdBy,
          republishedFrom: restore,
          hash,
        }),
      });
      return 'refused' in result ? { refused: result.refused } : { version: result.row.number };
    },
  };
}

export interface WallTime {
  date: string;
  time: string;
  timeZone: string;
}

/** How far ahead work may be scheduled. */
const MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
/** Work due within this long is prepared ahead on every instance. */
const PREPARE_AHEAD_MS = 10 * 60 * 1000;
const REASON_MAX = 1000;

const workOf = (row: {
  id: string;
  kind: string;
  action: string;
  draft_id: string | null;
  draft_revision: number | null;
  version: number | null;
  reason: string;
  created_by: string;
}): ScheduledWork => ({
  id: row.id,
  kind: row.kind as PublishKind,
  action: row.action as ScheduledWork['action'],
  draftId: row.draft_id,
  draftRevision: row.draft_revision,
  version: row.version,
  reason: row.reason,
  createdBy: row.created_by,
});

export function createScheduler(deps: {
  db: Kysely<DB>;
  executors: Partial<Record<PublishKind, ScheduleExecutor>>;
  now?: () => Date;
  log?: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  pollMs?: number;
}) {
  const { db, executors } = deps;
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? 1000;
  let poll: NodeJS.Timeout | undefined;
  let exact: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  const prepared = new Map<string, Promise<PreparedWork>>();

  const instant = (at: WallTime, path: string): Date => {
    const when = zonedInstant(at.date, at.time, at.timeZone);
    if (!when) throw invalid([{ path, key: 'Validation.InvalidValue' }]);
    const ms = when.getTime() - now().getTime();
    if (ms <= 0 || ms > MAX_AHEAD_MS) throw invalid([{ path, key: 'Validation.InvalidPeriod' }]);
    return when;
  };

  const entry = (row: Awaited<ReturnType<typeof findRow>> & object) => ({
    id: row.id,
    kind: row.kind as PublishKind,
    action: row.action as 'publish' | 'end',
    draftId: row.draft_id,
    version: row.version,
    at: iso(row.run_at) as string,
    localTime: row.local_time,
    timeZone: row.time_zone,
    until: row.until_at ? { at: iso(row.until_at) as string, localTime: row.until_local ?? '', timeZone: row.until_zone ?? '' } : null,
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: iso(row.created_at) as string,
    status: row.status as 'pending' | 'done' | 'cancelled' | 'failed',
    doneAt: iso(row.done_at),
    resultVersion: row.result_version,
    outcome: row.outcome,
  });

  function findRow(id: string) {
    return db.selectFrom('publish_schedule').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Prepares a row once per instance (kept while it is pending; work past its time is prepared afresh). */
  function prepare(work: ScheduledWork, fresh: boolean): Promise<PreparedWork> {
    const executor = executors[work.kind];
    if (!executor) return Promise.resolve({ refused: 'unknown-kind' });
    const kept = prepared.get(work.id);
    if (kept && !fresh) return kept;
    const made = executor.prepare(work).catch((error: unknown): PreparedWork => ({ refused: error instanceof Error ? error.message : String(error) }));
    prepared.set(work.id, made);
    return made;
  }

  /** Takes one due row under its lock and carries it out; answers whether this instance did. */
  async function runOne(id: string): Promise<boolean> {
    const row = await db.selectFrom('publish_schedule').selectAll().where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    if (!row) return false;
    const work = workOf(row);
    const executor = executors[work.kind];
    if (!executor) return false;
    const ready = await prepare(work, true);
    const audit = publishStore(work.kind).audit;
    const outcome = await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('publish_schedule')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!locked) return undefined;
      const done = 'refused' in ready ? ready : await ready.commit(trx);
      const at = now();
      if ('refused' in done) {
        await trx.updateTable('publish_schedule').set({ status: 'failed', done_at: at, outcome: done.refused }).where('id', '=', id).execute();
        await audit(trx, {
          actorId: locked.created_by,
          action: 'schedule-failed',
          draftId: locked.draft_id,
          version: locked.version,
          detail: { scheduled: id, refused: done.refused },
        });
        return done;
      }
      await trx
        .updateTable('publish_schedule')
        .set({ status: 'done', done_at: at, result_version: done.version, outcome: 'done' })
        .where('id', '=', id)
        .execute();
      if (locked.until_at && locked.until_local && locked.until_zone) {
        // A publish with an end: the end is work of its own from now on (listed, cancellable).
        await trx
          .insertInto('publish_schedule')
          .values({
            id: randomUUID(),
            kind: locked.kind,
            action: 'end',
            version: done.version,
            run_at: locked.until_at,
            local_time: locked.until_local,
            time_zone: locked.until_zone,
            reason: locked.reason,
            created_by: locked.created_by,
          })
          .execute();
      }
      return done;
    });
    prepared.delete(id);
    if (!outcome) return false;
    if ('version' in outcome) {
      await executor.refresh();
      deps.log?.info({ scheduled: id, kind: work.kind, action: work.action, version: outcome.version }, 'scheduled publish carried out');
    } else deps.log?.warn({ scheduled: id, kind: work.kind, refused: outcome.refused }, 'scheduled publish refused');
    return true;
  }

  /** One look: due rows carried out, rows due soon prepared, a timer for the next one within the poll. */
  async function lookOnce(): Promise<void> {
    const at = now();
    const pending = await db
      .selectFrom('publish_schedule')
      .select(['id', 'kind', 'action', 'draft_id', 'draft_revision', 'version', 'reason', 'created_by', 'run_at'])
      .where('status', '=', 'pending')
      .where('run_at', '<=', new Date(at.getTime() + PREPARE_AHEAD_MS))
      .orderBy('run_at')
      .limit(20)
      .execute();
    for (const row of pending) {
      const runAt = new Date(row.run_at).getTime();
      if (runAt <= at.getTime()) {
        await runOne(row.id);
        continue;
      }
      void prepare(workOf(row), false);
      if (runAt - at.getTime() <= pollMs * 1.5 && !exact) {
        exact = setTimeout(() => {
          exact = undefined;
          void look();
        }, runAt - at.getTime());
        exact.unref();
      }
    }
  }

  const look = (): Promise<void> => {
    if (looking) return looking;
    looking = lookOnce()
      .catch((error: unknown) => deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'schedule: look failed'))
      .finally(() => {
        looking = undefined;
      });
    return looking;
  };

  const executorOf = (kind: PublishKind): ScheduleExecutor => {
    const executor = executors[kind];
    if (!executor) throw notFound('Nothing of this kind can be scheduled.');
    return executor;
  };
  const reasonOf = (reason: string | undefined, fallback: string) => (reason?.trim() || fallback).slice(0, REASON_MAX);

  return {
    start() {
      poll = setInterval(() => void look(), pollMs);
      poll.unref();
      void look();
    },
    async stop() {
      if (poll) clearInterval(poll);
      if (exact) clearTimeout(exact);
      poll = exact = undefined;
      await looking;
    },
    /** Look now (a test, or after scheduling). */
    look,

    async list(kind: PublishKind) {
      const rows = await db
        .selectFrom('publish_schedule')
        .selectAll()
        .where('kind', '=', kind)
        .orderBy((eb) => eb.case().when('status', '=', 'pending').then(0).else(1).end())
        .orderBy('run_at', 'desc')
        .limit(100)
        .execute();
      return { entries: rows.map(entry) };
    },

    /** Schedules a draft's publish (and, with `until`, its end); refused when the draft may not be published now. */
    async schedulePublish(caller: Caller, kind: PublishKind, draftId: string, body: { at: WallTime; until?: WallTime; reason?: string }) {
      const executor = executorOf(kind);
      const runAt = instant(body.at, '/at');
      const untilAt = body.until ? instant(body.until, '/until') : undefined;
      if (untilAt && untilAt.getTime() <= runAt.getTime()) throw invalid([{ path: '/until', key: 'Validation.InvalidPeriod' }]);
      const { revision } = await executor.schedulable(draftId);
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const clash = await trx
          .selectFrom('publish_schedule')
          .select('id')
          .where('kind', '=', kind)
          .where('draft_id', '=', draftId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (clash) throw conflict('This draft is scheduled already; cancel that first.');
        await trx
          .insertInto('publish_schedule')
          .values({
            id,
            kind,
            action: 'publish',
            draft_id: draftId,
            draft_revision: revision,
            run_at: runAt,
            local_time: `${body.at.date}T${body.at.time}`,
            time_zone: body.at.timeZone,
            until_at: untilAt ?? null,
            until_local: body.until ? `${body.until.date}T${body.until.time}` : null,
            until_zone: body.until?.timeZone ?? null,
            reason: reasonOf(body.reason, 'Scheduled publish'),
            created_by: caller.accountId,
          })
          .execute();
        await publishStore(kind).audit(trx, {
          actorId: caller.accountId,
          action: 'schedule',
          draftId,
          detail: {
            scheduled: id,
            action: 'publish',
            at: runAt.toISOString(),
            localTime: `${body.at.date}T${body.at.time}`,
            timeZone: body.at.timeZone,
            revision,
            ...(untilAt ? { until: untilAt.toISOString() } : {}),
          },
        });
      });
      void look();
      return entry((await findRow(id))!);
    },

    /** Schedules the end of the version in force: at that time the version before it is published again. */
    async scheduleEnd(caller: Caller, kind: PublishKind, version: number, body: { at: WallTime; reason?: string }) {
      const executor = executorOf(kind);
      const runAt = instant(body.at, '/at');
      if (version < 1 || executor.publishedVersion() !== version) throw conflict('Only the version in force can be given an end.');
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('publish_schedule')
          .values({
            id,
            kind,
            action: 'end',
            version,
            run_at: runAt,
            local_time: `${body.at.date}T${body.at.time}`,
            time_zone: body.at.timeZone,
            reason: reasonOf(body.reason, `End of version ${version}`),
            created_by: caller.accountId,
          })
          .execute();
        await publishStore(kind).audit(trx, {
          actorId: caller.accountId,
          action: 'schedule',
          version,
          detail: { scheduled: id, action: 'end', at: runAt.toISOString(), localTime: `${body.at.date}T${body.at.time}`, timeZone: body.at.timeZone },
        });
      });
      void look();
      return entry((await findRow(id))!);
    },

    /** Cancels pending work (anyone of the role may: it is the team's calendar); 409 once it is carried out or cancelled. */
    async cancel(caller: Caller, kind: PublishKind, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('publish_schedule').selectAll().where('id', '=', id).where('kind', '=', kind).forUpdate().executeTakeFirst();
        if (!row) throw notFound('No such scheduled work.');
        if (row.status !== 'pending') throw conflict('That work is no longer pending.');
        await trx.updateTable('publish_schedule').set({ status: 'cancelled', done_at: now(), outcome: 'cancelled' }).where('id', '=', id).execute();
        await publishStore(kind).audit(trx, {
          actorId: caller.accountId,
          action: 'schedule-cancel',
          draftId: row.draft_id,
          version: row.version,
          detail: { scheduled: id, action: row.action, at: iso(row.run_at) },
        });
      });
      prepared.delete(id);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
