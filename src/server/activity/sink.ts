import type { ApiFormActivityRequest } from '../../generated/api-types';
import * as store from './store';

/** One event as the portal sends it (schemas/api/form-activity-request.schema.json). */
export type FormActivityEvent = ApiFormActivityRequest[number];

/**
 * Where form activity goes once the services have checked it. The default keeps it in the database
 * (`databaseSink`); a deployment at scale can pass its own (to its analytics pipeline) as
 * `formActivitySink` to buildApp. The console's statistics read the database sink's counts only.
 */
export interface FormActivitySink {
  record(events: readonly FormActivityEvent[]): Promise<void>;
}

/** How long raw events are kept; the daily counts stay. */
export const RAW_EVENT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a moment, in UTC. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

const countKey = (c: Omit<store.DailyCount, 'count'>) => [c.day, c.event, c.form, c.field, c.messageKey, c.modal].join('\u0000');

/** The events as counts of the day they were received, one per distinct event, in key order. */
export function dailyCounts(events: readonly FormActivityEvent[], receivedAt: Date): store.DailyCount[] {
  const day = utcDay(receivedAt);
  const counts = new Map<string, store.DailyCount>();
  for (const e of events) {
    const count = { day, event: e.type, form: e.form ?? '', field: e.field ?? '', messageKey: e.key ?? '', modal: e.modal ?? '', count: 1 };
    const key = countKey(count);
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, count);
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, count]) => count);
}

/**
 * The default sink: each event adds one to its day's count (the UTC day it was received) by form,
 * event, field, message key and modal, and is kept as it came for RAW_EVENT_DAYS.
 */
export function databaseSink(db: store.Db, now: () => Date = () => new Date()): FormActivitySink {
  return {
    async record(events) {
      const receivedAt = now();
      const raw = events.map((e) => ({ at: e.at, event: e.type, form: e.form, field: e.field, messageKey: e.key, modal: e.modal }));
      await store.addActivity(db, dailyCounts(events, receivedAt), raw, receivedAt);
    },
  };
}

/** Deletes the raw events received more than RAW_EVENT_DAYS before `now`; answers how many. Any instance may. */
export const deleteExpiredEvents = (db: store.Db, now: Date = new Date()): Promise<number> =>
  store.deleteEventsBefore(db, new Date(now.getTime() - RAW_EVENT_DAYS * DAY_MS));
