import type { ApiFormActivityStatsRequest, ApiFormActivityStatsResponse } from '../../generated/api-types';
import { bundleSchema } from '../../shared/schemas/bundle';
import { fieldPaths } from '../../shared/schemas/field-paths';
import { FORM_NAMES, type FormName } from '../../shared/schemas/form-names';
import type { ServerConfig } from '../config';
import { hitRateLimit } from '../db/rate-limit';
import { invalid, rateLimited, type FieldError } from '../errors';
import type { Caller } from '../http/auth';
import { readSchemaFiles, type SchemaRegistry } from '../http/schema-registry';
import { activityCsv } from './csv';
import { draftEvidence, versionEffect, type Reach, type VersionScope } from './effect';
import { databaseSink, deleteExpiredEvents, utcDay, type FormActivityEvent, type FormActivitySink } from './sink';
import * as store from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An event's time may be this far before its receipt (a batch is seconds old)… */
const OLDEST_EVENT_MS = 7 * DAY_MS;
/** …and this far after it (a learner's clock ahead of ours). */
const NEWEST_EVENT_MS = DAY_MS;
/** The longest period the statistics cover, in days (from and to included). */
export const MAX_PERIOD_DAYS = 366;
/** The period when the query names none: the last 30 days, today included. */
const DEFAULT_PERIOD_DAYS = 30;

export interface FormActivityDeps {
  db: store.Db;
  schemas: SchemaRegistry;
  config: Pick<ServerConfig, 'formActivity' | 'formActivityLimit' | 'formActivityWindowMs'>;
  /** Where checked events go; the database (daily counts and raw events) unless given. */
  sink?: FormActivitySink;
  /** Whether a message key (`Validation.*`) is one of the validation texts in force (the texts service's). */
  isMessageKey: (key: string) => boolean;
  /** Where a rules version and a draft reach (the rules service's): what their effect and evidence are read at. */
  rules?: { versionScope(number: number): Promise<VersionScope>; draftReach(id: string): Promise<Reach> };
  now?: () => Date;
}

export type FormActivityService = ReturnType<typeof createFormActivityService>;

const rate = (rejections: number, attempts: number) => (attempts > 0 ? Math.round((rejections / attempts) * 10_000) / 10_000 : null);

/**
 * Form activity (docs/admin-area.md, "Evidence: form activity"): the portal's events, checked and
 * passed to the sink, bounded per account; and the statistics the product owner's console shows.
 */
export function createFormActivityService({ db, schemas, config, sink = databaseSink(db), isMessageKey, rules, now = () => new Date() }: FormActivityDeps) {
  // The data paths of each form, from the schema files (the shape no rules version changes).
  let paths: Map<FormName, Set<string>> | undefined;
  const fieldsOf = (form: FormName): Set<string> => {
    if (!paths) {
      const files = readSchemaFiles(schemas.schemasDir).map((f) => ({ path: f.file, schema: f.schema }));
      paths = new Map(FORM_NAMES.map((name) => [name, fieldPaths(bundleSchema(`forms/${name}.schema.json`, files))]));
    }
    return paths.get(form) ?? new Set();
  };

  /**
   * What the schema cannot say: the field is one of the form's, the key one of the validation
   * messages (else any words a script sends would reach the product owners' report), the time near now.
   */
  function check(events: readonly FormActivityEvent[], receivedAt: Date): void {
    const errors: FieldError[] = [];
    events.forEach((event, i) => {
      if (event.field !== undefined && event.form !== undefined && !fieldsOf(event.form).has(event.field)) {
        errors.push({ path: `/${i}/field`, key: 'Validation.UnknownField' });
      }
      if (event.key !== undefined && !isMessageKey(event.key)) errors.push({ path: `/${i}/key`, key: 'Validation.InvalidValue' });
      const at = Date.parse(event.at);
      if (!(at >= receivedAt.getTime() - OLDEST_EVENT_MS && at <= receivedAt.getTime() + NEWEST_EVENT_MS)) {
        errors.push({ path: `/${i}/at`, key: 'Validation.InvalidValue' });
      }
    });
    if (errors.length > 0) throw invalid(errors.slice(0, 50));
  }

  function period(query: ApiFormActivityStatsRequest): { from: string; to: string } {
    const to = query.to ?? utcDay(now());
    const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS));
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (!(days >= 1 && days <= MAX_PERIOD_DAYS)) throw invalid([{ path: '/querystring/from', key: 'Validation.InvalidPeriod' }]);
    return { from, to };
  }

  return {
    /** Whether events are recorded at all (FORM_ACTIVITY). */
    recording: config.formActivity,

    /**
     * Checks a learner's batch and passes it to the sink. Off (FORM_ACTIVITY=off), nothing is
     * checked, counted or stored. Each event counts against the account's bound (rate_limits).
     */
    async record(caller: Caller, events: readonly FormActivityEvent[]): Promise<void> {
      if (!config.formActivity || events.length === 0) return;
      check(events, now());
      const bound = await hitRateLimit(db, `form-activity:${caller.accountId}`, config.formActivityLimit, config.formActivityWindowMs, events.length);
      if (!bound.allowed) throw rateLimited(bound.retryAfterMs, 'Too many form activity events. Try again later.');
      await sink.record(events);
    },

    /** Per form and field, the rejections by message key per submit attempt; per modal, the views. */
    async stats(query: ApiFormActivityStatsRequest): Promise<ApiFormActivityStatsResponse> {
      const { from, to } = period(query);
      const counts = await store.sumCounts(db, { from, to, form: query.form });
      type FormStats = ApiFormActivityStatsResponse['forms'][number];
      const forms = new Map<string, FormStats & { byField: Map<string, Map<string, number>> }>();
      const formOf = (name: string) => {
        let stats = forms.get(name);
        if (!stats) forms.set(name, (stats = { form: name, opened: 0, submitAttempts: 0, abandoned: 0, fields: [], byField: new Map() }));
        return stats;
      };
      if (query.form) formOf(query.form);
      const modals = new Map<string, number>();
      for (const c of counts) {
        if (c.event === 'modal-viewed') {
          if (c.modal) modals.set(c.modal, (modals.get(c.modal) ?? 0) + c.count);
          continue;
        }
        if (!c.form) continue;
        const stats = formOf(c.form);
        if (c.event === 'form-opened') stats.opened += c.count;
        else if (c.event === 'submit-attempted') stats.submitAttempts += c.count;
        else if (c.event === 'form-abandoned') stats.abandoned += c.count;
        else if (c.event === 'field-rejected' && c.field) {
          const keys = stats.byField.get(c.field) ?? new Map<string, number>();
          keys.set(c.messageKey, (keys.get(c.messageKey) ?? 0) + c.count);
          stats.byField.set(c.field, keys);
        }
      }
      const order = (name: string) => {
        const i = (FORM_NAMES as readonly string[]).indexOf(name);
        return i < 0 ? FORM_NAMES.length : i;
      };
      const mostFirst = <T extends { rejections: number }>(a: T & { name: string }, b: T & { name: string }) =>
        b.rejections - a.rejections || a.name.localeCompare(b.name);
      return {
        from,
        to,
        recording: config.formActivity,
        forms: [...forms.values()]
          .sort((a, b) => order(a.form) - order(b.form))
          .map(({ byField, ...stats }) => ({
            ...stats,
            fields: [...byField.entries()]
              .map(([field, keys]) => {
                const rejections = [...keys.values()].reduce((sum, n) => sum + n, 0);
                return {
                  name: field,
                  field,
                  rejections,
                  rejectionRate: rate(rejections, stats.submitAttempts),
                  keys: [...keys.entries()]
                    .map(([key, n]) => ({ name: key, key: key || null, rejections: n, rejectionRate: rate(n, stats.submitAttempts) }))
                    .sort(mostFirst)
                    .map(({ name: _name, ...entry }) => entry),
                };
              })
              .sort(mostFirst)
              .map(({ name: _name, ...entry }) => entry),
          })),
        modals: [...modals.entries()].map(([modal, views]) => ({ modal, views })).sort((a, b) => b.views - a.views || a.modal.localeCompare(b.modal)),
      };
    },

    /** The daily counts of the statistics' period and form, as CSV for analysts. */
    async csv(query: ApiFormActivityStatsRequest): Promise<{ from: string; to: string; body: string }> {
      const { from, to } = period(query);
      return { from, to, body: activityCsv(await store.dailyCounts(db, { from, to, form: query.form })) };
    },

    /** What a rules version did to learners: its forms and changed fields in equal windows before and after its publish. */
    async effect(number: number, days?: number) {
      if (!rules) throw new Error('The activity service was made without the rules service.');
      return versionEffect(db, await rules.versionScope(number), { now: now(), days });
    },

    /** The published version's recent figures at a draft's forms and fields. */
    async evidence(draftId: string) {
      if (!rules) throw new Error('The activity service was made without the rules service.');
      return draftEvidence(db, draftId, await rules.draftReach(draftId), now());
    },

    /** Deletes the raw events past their 30 days (the periodic sweep). */
    sweep: () => deleteExpiredEvents(db, now()),
  };
}
