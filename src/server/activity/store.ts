import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

// The form-activity tables: counts per day, kept; raw events, kept 30 days. Kysely only.

export type Db = Kysely<DB>;

/** One count of a day: '' where the event has no form, field, key or modal. */
export interface DailyCount {
  /** YYYY-MM-DD (UTC). */
  day: string;
  event: string;
  form: string;
  field: string;
  messageKey: string;
  modal: string;
  count: number;
}

export interface RawEvent {
  at: string;
  event: string;
  form?: string;
  field?: string;
  messageKey?: string;
  modal?: string;
}

/**
 * Adds the counts and the raw events in one transaction. The counts are upserts in one order (their
 * key, sorted), so two instances adding to the same rows at once wait for each other, never deadlock.
 */
export async function addActivity(db: Db, counts: DailyCount[], events: RawEvent[], receivedAt: Date): Promise<void> {
  if (counts.length === 0 && events.length === 0) return;
  await db.transaction().execute(async (tx) => {
    if (counts.length > 0) {
      await tx
        .insertInto('form_activity_daily')
        .values(counts.map((c) => ({ day: c.day, event: c.event, form: c.form, field: c.field, message_key: c.messageKey, modal: c.modal, count: c.count })))
        .onConflict((oc) =>
          oc.columns(['day', 'event', 'form', 'field', 'message_key', 'modal']).doUpdateSet({ count: sql<number>`form_activity_daily.count + excluded.count` }),
        )
        .execute();
    }
    if (events.length > 0) {
      await tx
        .insertInto('form_activity_events')
        .values(
          events.map((e) => ({
            received_at: receivedAt,
            at: e.at,
            event: e.event,
            form: e.form ?? null,
            field: e.field ?? null,
            message_key: e.messageKey ?? null,
            modal: e.modal ?? null,
          })),
        )
        .execute();
    }
  });
}

/** Deletes the raw events received before `before`; answers how many. */
export async function deleteEventsBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('form_activity_events').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface SummedCount {
  event: string;
  form: string;
  field: string;
  messageKey: string;
  modal: string;
  count: number;
}

/** The counts of the days from `from` to `to` (both included), summed over the days; one form's and the modals' when `form` is given. */
export async function sumCounts(db: Db, period: { from: string; to: string; form?: string }): Promise<SummedCount[]> {
  let query = db
    .selectFrom('form_activity_daily')
    .select(['event', 'form', 'field', 'message_key', 'modal', sql<string>`sum(count)`.as('total')])
    .where('day', '>=', period.from)
    .where('day', '<=', period.to);
  if (period.form) {
    const form = period.form;
    query = query.where((eb) => eb.or([eb('form', '=', form), eb('event', '=', 'modal-viewed')]));
  }
  const rows = await query.groupBy(['event', 'form', 'field', 'message_key', 'modal']).execute();
  return rows.map((r) => ({ event: r.event, form: r.form, field: r.field, messageKey: r.message_key, modal: r.modal, count: Number(r.total) }));
}

/**
 * The counts of some forms (opened, submitted, abandoned, rejected by field and key) over the days
 * from `from` to `to`, both included, summed in the database: what a version's effect and a draft's
 * evidence read. Never the raw events.
 */
export async function sumFormCounts(db: Db, period: { from: string; to: string; forms: readonly string[] }): Promise<SummedCount[]> {
  if (period.forms.length === 0 || period.from > period.to) return [];
  const rows = await db
    .selectFrom('form_activity_daily')
    .select(['event', 'form', 'field', 'message_key', sql<string>`sum(count)`.as('total')])
    .where('form', 'in', [...period.forms])
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .where('event', 'in', ['form-opened', 'submit-attempted', 'form-abandoned', 'form-saved', 'field-rejected'])
    .groupBy(['event', 'form', 'field', 'message_key'])
    .execute();
  return rows.map((r) => ({ event: r.event, form: r.form, field: r.field, messageKey: r.message_key, modal: '', count: Number(r.total) }));
}

/** The daily counts of a period (one form's and the modals' when `form` is given), a row per day and count, in order. */
export async function dailyCounts(db: Db, period: { from: string; to: string; form?: string }): Promise<Array<SummedCount & { day: string }>> {
  let query = db
    .selectFrom('form_activity_daily')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'event', 'form', 'field', 'message_key', 'modal', 'count'])
    .where('day', '>=', period.from)
    .where('day', '<=', period.to);
  if (period.form) {
    const form = period.form;
    query = query.where((eb) => eb.or([eb('form', '=', form), eb('event', '=', 'modal-viewed')]));
  }
  const rows = await query.orderBy('day').orderBy('event').orderBy('form').orderBy('field').orderBy('message_key').orderBy('modal').execute();
  return rows.map((r) => ({ day: r.day, event: r.event, form: r.form, field: r.field, messageKey: r.message_key, modal: r.modal, count: Number(r.count) }));
}
