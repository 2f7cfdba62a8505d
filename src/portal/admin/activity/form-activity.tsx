/*
 * The evidence beside the rules (docs/admin-area.md, "Evidence: form activity"): per form and field,
 * how often each rule rejected learners over a chosen period (GET /api/admin/form-activity), as
 * rejections per submit attempt.
 *
 * Use:
 *   const [days, period] = useActivityPeriod();        // period: the select, kept in ?days=
 *   <FieldActivity form="profile" field="primaryAddress/city" days={days} />
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactElement, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FormName } from '../../forms/definitions';
import { fetchFormActivityCsv, messageOf, periodOf, rulesQueries, type FormActivityStats } from '../api/rules-api';
import { downloadText } from '../download';

export const PERIODS = [7, 30, 90, 366] as const;
const DEFAULT_DAYS = 30;

/** The chosen period in days (?days=, 30 by default) and the control that chooses it. */
export function useActivityPeriod(): [number, ReactElement] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  const choose = (next: number) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set('days', String(next));
        return out;
      },
      { replace: true },
    );
  return [days, <PeriodSelect key="period" days={days} onChange={choose} />];
}

/** The period's daily counts as CSV for analysts (GET /api/admin/form-activity.csv). */
function CsvDownload({ days }: { days: number }) {
  const { t } = useTranslation(['admin']);
  const csv = useMutation({
    mutationFn: () => fetchFormActivityCsv(days),
    onSuccess: (text) => {
      const { from, to } = periodOf(days);
      downloadText(text, `form-activity-${from}-${to}.csv`, 'text/csv');
    },
  });
  return (
    <>
      <button type="button" className="button button--secondary" disabled={csv.isPending} onClick={() => csv.mutate()}>
        {t('admin:Effect.Csv')}
      </button>
      {csv.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Actions.Failed', { message: messageOf(csv.error) })}
        </p>
      ) : null}
    </>
  );
}

function PeriodSelect({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  return (
    <div className="admin-control">
      <label htmlFor={id}>{t('admin:Activity.Period')}</label>
      <select id={id} value={days} onChange={(event) => onChange(Number(event.target.value))}>
        {PERIODS.map((n) => (
          <option key={n} value={n}>
            {t('admin:Activity.LastDays', { count: n })}
          </option>
        ))}
      </select>
      <CsvDownload days={days} />
    </div>
  );
}

const percent = (rate: number | null, lang: string) =>
  rate === null ? null : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(rate);

export function useFormActivity(days: number) {
  return useQuery(rulesQueries.activity(days));
}

export const formStatsOf = (stats: FormActivityStats | undefined, form: FormName) => stats?.forms.find((f) => f.form === form);

/** One field's rejections over the period: in all, per submit attempt, and per message key. */
export function FieldActivity({ form, field, days }: { form: FormName; field: string; days: number }) {
  const { t, i18n } = useTranslation(['admin']);
  const activity = useFormActivity(days);
  if (activity.error) return <p className="admin-hint">{t('admin:Activity.Failed', { message: messageOf(activity.error) })}</p>;
  if (!activity.data) return <p className="admin-hint">{t('admin:Activity.Loading')}</p>;
  const stats = formStatsOf(activity.data, form);
  const row = stats?.fields.find((f) => f.field === field);
  const rate = percent(row?.rejectionRate ?? null, i18n.language);
  return (
    <div className="admin-activity" data-testid="field-activity">
      <p>
        <strong>{t('admin:Activity.FieldHeading', { count: days })}</strong>{' '}
        {row && row.rejections > 0
          ? rate
            ? t('admin:Activity.Rejected', { count: row.rejections, rate, attempts: stats?.submitAttempts ?? 0 })
            : t('admin:Activity.RejectedNoAttempts', { count: row.rejections })
          : t('admin:Activity.NoRejections', { attempts: stats?.submitAttempts ?? 0 })}
      </p>
      {row && row.keys.length > 0 ? (
        <ul className="admin-activity__keys">
          {row.keys.map((k) => (
            <li key={k.key ?? ''}>
              <code>{k.key ?? t('admin:Activity.NoKey')}</code>:{' '}
              {t('admin:Activity.KeyRejected', { count: k.rejections, rate: percent(k.rejectionRate, i18n.language) ?? '–' })}
            </li>
          ))}
        </ul>
      ) : null}
      {!activity.data.recording ? <p className="admin-hint">{t('admin:Activity.NotRecording')}</p> : null}
    </div>
  );
}

/** A form's figures for its card in the listing: attempts, and its fields most often rejected. */
export function FormActivitySummary({
  form,
  stats,
  labelOf,
  pending = false,
}: {
  form: FormName;
  stats: FormActivityStats | undefined;
  labelOf: (form: FormName, path: string) => string;
  /** The figures are on their way: the summary keeps its place (the cards below do not move when they come). */
  pending?: boolean;
}) {
  const { t, i18n } = useTranslation(['admin']);
  const row = formStatsOf(stats, form);
  if (!stats) {
    return pending ? (
      <div className="admin-activity">
        <p className="admin-hint">{t('admin:Activity.Loading')}</p>
      </div>
    ) : null;
  }
  if (!row || row.submitAttempts === 0) {
    return (
      <div className="admin-activity">
        <p className="admin-hint">{t('admin:Activity.NoAttempts')}</p>
      </div>
    );
  }
  const top = [...row.fields]
    .filter((f) => f.rejections > 0)
    .sort((a, b) => b.rejections - a.rejections)
    .slice(0, 3);
  return (
    <div className="admin-activity">
      <p>{t('admin:Activity.Attempts', { count: row.submitAttempts, opened: row.opened, abandoned: row.abandoned })}</p>
      {top.length > 0 ? (
        <ul className="admin-activity__keys">
          {top.map((f) => (
            <li key={f.field}>
              {labelOf(form, f.field)}: {t('admin:Activity.KeyRejected', { count: f.rejections, rate: percent(f.rejectionRate, i18n.language) ?? '–' })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
