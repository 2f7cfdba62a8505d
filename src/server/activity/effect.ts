import type { ApiRulesEffectResponse, ApiRulesEvidenceResponse } from '../../generated/api-types';
import { FORM_NAMES } from '../../shared/schemas/form-names';
import { utcDay } from './sink';
import { CONFIDENCE, MIN_TRIALS, SIGNIFICANCE, twoProportionTest, verdictOf, wilsonInterval, type Verdict } from './statistics';
import * as store from './store';

// What a rules version did to learners (docs/admin-area.md, "What a version did"): the daily
// form-activity counts of two windows of equal length around its publish, at the forms and fields
// it changed, each rate with its Wilson interval and each difference judged by the two-proportion
// test (statistics.ts). Read from the daily counts only, summed in the database; nothing is stored.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The default window: the shorter of this and the whole days the version has been in force. */
export const DEFAULT_EFFECT_DAYS = 14;
/** The longest window (each side). */
export const MAX_EFFECT_DAYS = 180;
/** A draft's evidence: the published version's last days. */
export const EVIDENCE_DAYS = 30;

/** The forms a version or draft reaches, with the data paths of the fields it changes in each. */
export type Reach = ReadonlyMap<string, readonly string[]>;

export interface VersionScope {
  number: number;
  publishedAt: Date;
  /** When the next version was published (null while this one is in force). */
  endedAt: Date | null;
  reach: Reach;
}

type Effect = ApiRulesEffectResponse;
type Comparison = Effect['forms'][number]['abandoned'];
type Rate = Comparison['before'];

const addDays = (day: string, days: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysFrom = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** A rate as the console shows it: no percentage (nor interval) below MIN_TRIALS trials. Events past the trials count as the trials. */
export function rateOf(events: number, trials: number): Rate {
  const counted = Math.min(events, trials);
  const shown = trials >= MIN_TRIALS;
  const interval = shown ? wilsonInterval(counted, trials) : undefined;
  return { events: counted, trials, rate: shown ? counted / trials : null, low: interval?.low ?? null, high: interval?.high ?? null };
}

/** Two windows' rates, their difference and the test's verdict; `higherIs` says which way is worse. */
export function compare(before: { events: number; trials: number }, after: { events: number; trials: number }, higherIs: 'worse' | 'better'): Comparison {
  const b = rateOf(before.events, before.trials);
  const a = rateOf(after.events, after.trials);
  const test = twoProportionTest({ events: b.events, trials: b.trials }, { events: a.events, trials: a.trials });
  const verdict: Verdict = verdictOf(test, { before: b.trials, after: a.trials }, higherIs);
  return {
    before: b,
    after: a,
    difference: b.rate !== null && a.rate !== null ? a.rate - b.rate : null,
    pValue: verdict === 'too-few' ? null : (test?.pValue ?? null),
    verdict,
  };
}

interface FormCounts {
  opened: number;
  attempts: number;
  abandoned: number;
  /** null: no save recorded in the window at all (saves were not recorded then). */
  saved: number | null;
  /** field -> message key ('' for none) -> rejections */
  rejected: Map<string, Map<string, number>>;
}

function byForm(counts: readonly store.SummedCount[]): Map<string, FormCounts> {
  const forms = new Map<string, FormCounts>();
  for (const c of counts) {
    let f = forms.get(c.form);
    if (!f) forms.set(c.form, (f = { opened: 0, attempts: 0, abandoned: 0, saved: null, rejected: new Map() }));
    if (c.event === 'form-opened') f.opened += c.count;
    else if (c.event === 'submit-attempted') f.attempts += c.count;
    else if (c.event === 'form-abandoned') f.abandoned += c.count;
    else if (c.event === 'form-saved') f.saved = (f.saved ?? 0) + c.count;
    else if (c.event === 'field-rejected') {
      const keys = f.rejected.get(c.field) ?? new Map<string, number>();
      keys.set(c.messageKey, (keys.get(c.messageKey) ?? 0) + c.count);
      f.rejected.set(c.field, keys);
    }
  }
  return forms;
}

const EMPTY: FormCounts = { opened: 0, attempts: 0, abandoned: 0, saved: null, rejected: new Map() };
const total = (keys: Map<string, number> | undefined) => [...(keys?.values() ?? [])].reduce((sum, n) => sum + n, 0);
const formOrder = (form: string) => {
  const i = (FORM_NAMES as readonly string[]).indexOf(form);
  return i < 0 ? FORM_NAMES.length : i;
};
const sortedForms = (reach: Reach) => [...reach.keys()].sort((a, b) => formOrder(a) - formOrder(b) || a.localeCompare(b));

/** The windows of a version: whole UTC days after its publish day and as many before it. */
export function effectWindows(scope: Pick<VersionScope, 'publishedAt' | 'endedAt'>, now: Date, requested?: number) {
  const publishDay = utcDay(scope.publishedAt);
  const firstAfter = addDays(publishDay, 1);
  const lastAfter = scope.endedAt ? addDays(utcDay(scope.endedAt), -1) : utcDay(now);
  const maxDays = Math.min(MAX_EFFECT_DAYS, Math.max(0, daysFrom(firstAfter, lastAfter)));
  const days = Math.min(maxDays, requested ?? DEFAULT_EFFECT_DAYS);
  return {
    days,
    maxDays,
    before: days > 0 ? { from: addDays(publishDay, -days), to: addDays(publishDay, -1) } : null,
    after: days > 0 ? { from: firstAfter, to: addDays(firstAfter, days - 1) } : null,
  };
}

/** What a version did: its forms and changed fields, before against after. */
export async function versionEffect(db: store.Db, scope: VersionScope, options: { now: Date; days?: number }): Promise<Effect> {
  const windows = effectWindows(scope, options.now, options.days);
  const formNames = sortedForms(scope.reach);
  const read = async (window: { from: string; to: string } | null) =>
    window ? byForm(await store.sumFormCounts(db, { ...window, forms: formNames })) : new Map<string, FormCounts>();
  const [before, after] = await Promise.all([read(windows.before), read(windows.after)]);
  return {
    version: scope.number,
    publishedAt: scope.publishedAt.toISOString(),
    endedAt: scope.endedAt ? scope.endedAt.toISOString() : null,
    ...windows,
    minTrials: MIN_TRIALS,
    confidence: CONFIDENCE,
    significance: SIGNIFICANCE,
    forms: formNames.map((form) => {
      const b = before.get(form) ?? EMPTY;
      const a = after.get(form) ?? EMPTY;
      return {
        form,
        opened: { before: b.opened, after: a.opened },
        submitAttempts: { before: b.attempts, after: a.attempts },
        abandoned: compare({ events: b.abandoned, trials: b.opened }, { events: a.abandoned, trials: a.opened }, 'worse'),
        // A window in which no save was recorded at all (before saves were recorded) has no rate to compare.
        saved: compare(
          { events: b.saved ?? 0, trials: b.saved === null ? 0 : b.opened },
          { events: a.saved ?? 0, trials: a.saved === null ? 0 : a.opened },
          'better',
        ),
        fields: (scope.reach.get(form) ?? []).map((field) => {
          const bk = b.rejected.get(field);
          const ak = a.rejected.get(field);
          const keys = [...new Set([...(bk?.keys() ?? []), ...(ak?.keys() ?? [])])].sort();
          return {
            field,
            rejections: compare({ events: total(bk), trials: b.attempts }, { events: total(ak), trials: a.attempts }, 'worse'),
            keys: keys.map((key) => ({
              key: key || null,
              rejections: compare({ events: bk?.get(key) ?? 0, trials: b.attempts }, { events: ak?.get(key) ?? 0, trials: a.attempts }, 'worse'),
            })),
          };
        }),
      };
    }),
  };
}

/** A draft's evidence: the last EVIDENCE_DAYS days (today included) under the rules in force, at the draft's forms and fields. */
export async function draftEvidence(db: store.Db, draftId: string, reach: Reach, now: Date): Promise<ApiRulesEvidenceResponse> {
  const to = utcDay(now);
  const from = addDays(to, -(EVIDENCE_DAYS - 1));
  const formNames = sortedForms(reach);
  const counts = byForm(await store.sumFormCounts(db, { from, to, forms: formNames }));
  return {
    draftId,
    from,
    to,
    minTrials: MIN_TRIALS,
    confidence: CONFIDENCE,
    forms: formNames.map((form) => {
      const c = counts.get(form) ?? EMPTY;
      return {
        form,
        opened: c.opened,
        submitAttempts: c.attempts,
        abandoned: rateOf(c.abandoned, c.opened),
        saved: rateOf(c.saved ?? 0, c.saved === null ? 0 : c.opened),
        fields: (reach.get(form) ?? []).map((field) => {
          const keys = c.rejected.get(field);
          return {
            field,
            rejections: rateOf(total(keys), c.attempts),
            keys: [...(keys?.keys() ?? [])].sort().map((key) => ({ key: key || null, rejections: rateOf(keys?.get(key) ?? 0, c.attempts) })),
          };
        }),
      };
    }),
  };
}
