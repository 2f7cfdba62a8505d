import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormName } from '../../forms/definitions';
import { messageOf, rulesQueries, type DraftEvidence, type VersionEffect } from '../api/rules-api';
import { FORM_TITLE } from '../gallery/text-keys';
import { useDraft } from '../rules/draft-state';
import { useFieldLabel } from '../schema/use-field-label';

// "What changed for learners" (docs/admin-area.md, "What a version did"): a version's figures
// before and after its publish, from the services (GET .../versions/:number/effect), with the test
// explained in words at the panel; and a draft's evidence beside its impact report.

type Comparison = VersionEffect['forms'][number]['abandoned'];
type Rate = Comparison['before'];
type Verdict = Comparison['verdict'];

/** The windows an owner can choose, in days (those longer than the version allows are left out). */
const WINDOW_CHOICES = [7, 14, 30, 60, 90, 180];

function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}

/** A rate with its count and its 95 % range, or "too few" below the services' minimum. */
export function RateText({ rate, minTrials }: { rate: Rate; minTrials: number }) {
  const { t } = useTranslation(['admin']);
  const percent = usePercent();
  if (rate.rate === null) return <span>{t('admin:Effect.TooFewWindow', { trials: rate.trials, minTrials })}</span>;
  return (
    <span>
      {t('admin:Effect.Rate', { rate: percent(rate.rate), events: rate.events, trials: rate.trials })}
      {rate.low !== null && rate.high !== null ? (
        <span className="admin-effect__interval">{t('admin:Effect.Interval', { low: percent(rate.low), high: percent(rate.high) })}</span>
      ) : null}
    </span>
  );
}

const VERDICT_KEY = {
  worse: 'admin:Effect.Verdicts.worse',
  better: 'admin:Effect.Verdicts.better',
  'no-clear-difference': 'admin:Effect.Verdicts.no-clear-difference',
  'too-few': 'admin:Effect.Verdicts.too-few',
} as const satisfies Record<Verdict, string>;

function VerdictText({ comparison }: { comparison: Comparison }) {
  const { t, i18n } = useTranslation(['admin']);
  const points = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero', maximumFractionDigits: 1 });
  const p = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 2 });
  return (
    <span className={`admin-effect__verdict admin-effect__verdict--${comparison.verdict}`} data-verdict={comparison.verdict}>
      <strong>{t(VERDICT_KEY[comparison.verdict])}</strong>
      {comparison.difference !== null ? <span> {t('admin:Effect.Points', { points: points.format(comparison.difference * 100) })}</span> : null}
      {comparison.pValue !== null ? (
        <span>
          {' '}
          ({comparison.pValue < 0.001 ? t('admin:Effect.PValueBelow', { p: p.format(0.001) }) : t('admin:Effect.PValue', { p: p.format(comparison.pValue) })})
        </span>
      ) : null}
    </span>
  );
}

function ComparisonRow({ label, comparison, minTrials, testId }: { label: string; comparison: Comparison; minTrials: number; testId: string }) {
  const { t } = useTranslation(['admin']);
  // data-label names each cell where a narrow screen stacks the row (admin.css).
  return (
    <tr data-testid={testId}>
      <th scope="row">{label}</th>
      <td data-label={t('admin:Effect.Before')}>
        <RateText rate={comparison.before} minTrials={minTrials} />
      </td>
      <td data-label={t('admin:Effect.After')}>
        <RateText rate={comparison.after} minTrials={minTrials} />
      </td>
      <td data-label={t('admin:Effect.Verdict')}>
        <VerdictText comparison={comparison} />
      </td>
    </tr>
  );
}

/** The panel of one version: a window chooser, the explanation, and per form a table of before and after. */
export function EffectPanel({ number }: { number: number }) {
  const { t, i18n } = useTranslation(['admin', 'gallery']);
  // A message key with its text as the page's language has it (the template, placeholders kept).
  const keyLabel = (key: string | null) => {
    if (key === null) return t('admin:Effect.KeyRejections', { key: t('admin:Effect.NoKey') });
    const text: unknown = i18n.getResource(i18n.language, 'validation', key) ?? i18n.getResource('en', 'validation', key);
    return typeof text === 'string' ? t('admin:Effect.KeyTextRejections', { key, text }) : t('admin:Effect.KeyRejections', { key });
  };
  const id = useId();
  const [days, setDays] = useState<number | undefined>(undefined);
  const effect = useQuery(rulesQueries.effect(number, days));
  const { published } = useDraft();
  const labelOf = useFieldLabel(published);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
  const data = effect.data;
  const minTrials = data?.minTrials ?? 30;
  return (
    <section className="admin-card admin-effect" aria-labelledby={`${id}-heading`} data-testid="effect-panel">
      <h2 id={`${id}-heading`}>{t('admin:Effect.Heading')}</h2>
      <p id={`${id}-explain`}>{t('admin:Effect.Explain', { minTrials })}</p>
      <div className="admin-control">
        <label htmlFor={`${id}-days`}>{t('admin:Effect.Window')}</label>
        <select
          id={`${id}-days`}
          value={days ?? ''}
          aria-describedby={`${id}-explain`}
          onChange={(event) => setDays(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{t('admin:Effect.WindowDefault', { days: data && days === undefined ? data.days : 14 })}</option>
          {WINDOW_CHOICES.filter((n) => !data || n <= Math.max(data.maxDays, days ?? 0)).map((n) => (
            <option key={n} value={n}>
              {t('admin:Effect.WindowDays', { count: n })}
            </option>
          ))}
        </select>
      </div>
      {effect.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Effect.Failed', { message: messageOf(effect.error) })}
        </p>
      ) : null}
      {!data && !effect.error ? <p role="status">{t('admin:Effect.Loading')}</p> : null}
      {data ? (
        <div aria-live="polite" aria-busy={effect.isFetching || undefined}>
          {data.before && data.after ? (
            <p>{t('admin:Effect.Windows', { beforeFrom: data.before.from, beforeTo: data.before.to, afterFrom: data.after.from, afterTo: data.after.to })}</p>
          ) : (
            <p>{t('admin:Effect.NoWindow')}</p>
          )}
          {data.endedAt ? <p>{t('admin:Effect.Ended', { next: data.version + 1, when: date(data.endedAt) })}</p> : null}
          {data.forms.length === 0 ? <p>{t('admin:Effect.NoForms')}</p> : null}
          {data.forms.map((form) => {
            const title = FORM_TITLE[form.form as FormName] ? t(FORM_TITLE[form.form as FormName]) : form.form;
            return (
              <div key={form.form} className="admin-effect__form" data-testid={`effect-${form.form}`}>
                <h3>
                  {t('admin:Effect.FormHeading', {
                    form: title,
                    openedBefore: form.opened.before,
                    openedAfter: form.opened.after,
                    attemptsBefore: form.submitAttempts.before,
                    attemptsAfter: form.submitAttempts.after,
                  })}
                </h3>
                <div className="admin-effect__scroll">
                  <table className="admin-table admin-effect__table">
                    <caption className="visually-hidden">{t('admin:Effect.Caption', { form: title, number: data.version })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('admin:Effect.Measure')}</th>
                        <th scope="col">{t('admin:Effect.Before')}</th>
                        <th scope="col">{t('admin:Effect.After')}</th>
                        <th scope="col">{t('admin:Effect.Verdict')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {form.fields.flatMap((field) => [
                        <ComparisonRow
                          key={field.field}
                          testId={`effect-${form.form}-${field.field}`}
                          label={t('admin:Effect.Rejections', { field: labelOf(form.form as FormName, field.field) })}
                          comparison={field.rejections}
                          minTrials={minTrials}
                        />,
                        ...field.keys.map((key) => (
                          <ComparisonRow
                            key={`${field.field}:${key.key ?? ''}`}
                            testId={`effect-${form.form}-${field.field}-${key.key ?? 'none'}`}
                            label={keyLabel(key.key)}
                            comparison={key.rejections}
                            minTrials={minTrials}
                          />
                        )),
                      ])}
                      <ComparisonRow
                        testId={`effect-${form.form}-abandoned`}
                        label={t('admin:Effect.Abandoned')}
                        comparison={form.abandoned}
                        minTrials={minTrials}
                      />
                      <ComparisonRow testId={`effect-${form.form}-saved`} label={t('admin:Effect.Saved')} comparison={form.saved} minTrials={minTrials} />
                    </tbody>
                  </table>
                </div>
              </div>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}

/** A draft's evidence: the published version's last 30 days at the draft's fields, in sentences. */
export function DraftEvidencePanel({ draftId }: { draftId: string }) {
  const { t } = useTranslation(['admin', 'gallery']);
  const id = useId();
  const evidence = useQuery(rulesQueries.evidence(draftId));
  const { published } = useDraft();
  const labelOf = useFieldLabel(published);
  const percent = usePercent();
  const data: DraftEvidence | undefined = evidence.data;
  return (
    <section className="admin-evidence" aria-labelledby={`${id}-heading`} data-testid="draft-evidence">
      <h4 id={`${id}-heading`}>{t('admin:Effect.EvidenceHeading')}</h4>
      {evidence.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Effect.Failed', { message: messageOf(evidence.error) })}
        </p>
      ) : null}
      {!data && !evidence.error ? <p role="status">{t('admin:Effect.Loading')}</p> : null}
      {data ? (
        <>
          <p>{t('admin:Effect.EvidenceExplain', { from: data.from, to: data.to })}</p>
          <ul>
            {data.forms.flatMap((form) => {
              const title = FORM_TITLE[form.form as FormName] ? t(FORM_TITLE[form.form as FormName]) : form.form;
              return [
                ...form.fields.map((field) => {
                  const name = labelOf(form.form as FormName, field.field);
                  const r = field.rejections;
                  return (
                    <li key={`${form.form}:${field.field}`} data-testid={`evidence-${form.form}-${field.field}`}>
                      {r.rate === null ? t('admin:Effect.EvidenceTooFew', { trials: r.trials, form: title, field: name }) : null}
                      {r.rate !== null ? t('admin:Effect.EvidenceRow', { rate: percent(r.rate), events: r.events, trials: r.trials, field: name }) : null}
                      {r.low !== null && r.high !== null ? (
                        <span className="admin-effect__interval">{t('admin:Effect.Interval', { low: percent(r.low), high: percent(r.high) })}</span>
                      ) : null}
                    </li>
                  );
                }),
                <li key={`${form.form}:abandoned`}>
                  {form.abandoned.rate === null
                    ? t('admin:Effect.EvidenceAbandonedTooFew', { form: title, trials: form.abandoned.trials })
                    : t('admin:Effect.EvidenceAbandoned', {
                        form: title,
                        rate: percent(form.abandoned.rate),
                        events: form.abandoned.events,
                        trials: form.abandoned.trials,
                      })}
                </li>,
                <li key={`${form.form}:saved`}>
                  {form.saved.rate === null
                    ? t('admin:Effect.EvidenceSavedTooFew', { form: title, trials: form.saved.trials })
                    : t('admin:Effect.EvidenceSaved', { form: title, rate: percent(form.saved.rate), events: form.saved.events, trials: form.saved.trials })}
                </li>,
              ];
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
