import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { messageOf, rulesKeys, rulesQueries, setWatchThreshold, type RulesWatch } from '../api/rules-api';
import type { FormName } from '../../forms/definitions';
import { FORM_TITLE } from '../gallery/text-keys';
import { RollBack } from '../rules/components/roll-back';

// The watch's flags (docs/admin-area.md, "A watch"): each version whose figures got clearly worse
// past the owner's threshold, with those figures and its roll back one action away; and the
// threshold itself. Opening them asks the services, which also run the watch in the background.

type Flag = RulesWatch['flags'][number];

function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}

function FlagItem({ flag, wasInForce }: { flag: Flag; wasInForce: boolean }) {
  const { t } = useTranslation(['admin', 'gallery']);
  const formTitle = (form: string) => (form in FORM_TITLE ? t(FORM_TITLE[form as FormName]) : form);
  const percent = usePercent();
  return (
    <li className="admin-card admin-flag" data-testid={`flag-${flag.version}`}>
      <h3>
        <Link to={`/admin/rules/versions/${flag.version}`}>{t('admin:Watch.Flagged', { number: flag.version })}</Link>{' '}
        {flag.inForce ? <span className="admin-badge">{t('admin:Versions.InForce')}</span> : null}
      </h3>
      <ul>
        {flag.figures.map((figure) => (
          <li key={`${figure.form}:${figure.field ?? ''}`}>
            {figure.field === null
              ? t('admin:Watch.AbandonedFigure', { form: formTitle(figure.form), before: percent(figure.before), after: percent(figure.after) })
              : t('admin:Watch.RejectionsFigure', {
                  form: formTitle(figure.form),
                  field: figure.field,
                  before: percent(figure.before),
                  after: percent(figure.after),
                })}
          </li>
        ))}
      </ul>
      {(flag.inForce || wasInForce) && flag.version > 0 ? (
        <RollBack
          number={flag.version - 1}
          label={t('admin:Watch.RollBack', { number: flag.version - 1 })}
          defaultReason={t('admin:Watch.RollBackReason', { number: flag.version })}
        />
      ) : null}
    </li>
  );
}

/** The flagged versions: those in force only (the admin home), or all (the versions list). */
export function WatchFlags({ inForceOnly = false }: { inForceOnly?: boolean }) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const watch = useQuery(rulesQueries.watch());
  // A flag shown in force stays while the page is open, so the roll back's outcome stays in view.
  const [shownInForce] = useState(() => new Set<number>());
  for (const flag of watch.data?.flags ?? []) if (flag.inForce) shownInForce.add(flag.version);
  if (watch.error)
    return (
      <p role="alert" className="admin-error">
        {t('admin:Watch.Failed', { message: messageOf(watch.error) })}
      </p>
    );
  if (!watch.data) return null;
  const flags = watch.data.flags.filter((flag) => !inForceOnly || flag.inForce || shownInForce.has(flag.version));
  if (flags.length === 0) return inForceOnly ? null : <p>{t('admin:Watch.None', { points: watch.data.thresholdPoints })}</p>;
  return (
    <section className="admin-watch" aria-labelledby={`${id}-heading`} data-testid="watch-flags">
      <h2 id={`${id}-heading`}>{t('admin:Watch.Heading')}</h2>
      <p>{t('admin:Watch.Intro', { points: watch.data.thresholdPoints })}</p>
      <ul className="admin-cards">
        {flags.map((flag) => (
          <FlagItem key={flag.version} flag={flag} wasInForce={shownInForce.has(flag.version)} />
        ))}
      </ul>
    </section>
  );
}

/** The threshold a product owner sets (in percentage points), with who set it last. */
export function WatchThreshold() {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const queryClient = useQueryClient();
  const watch = useQuery(rulesQueries.watch());
  const [value, setValue] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (points: number) => setWatchThreshold(points),
    onSuccess: (answer) => queryClient.setQueryData(rulesKeys.watch(), answer),
  });
  if (!watch.data) return null;
  const shown = value ?? String(watch.data.thresholdPoints);
  const points = Number(shown);
  const valid = shown.trim() !== '' && Number.isFinite(points) && points >= 0.1 && points <= 100;
  return (
    <section className="admin-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('admin:Watch.ThresholdHeading')}</h2>
      <p id={`${id}-help`}>{t('admin:Watch.ThresholdHelp')}</p>
      <form
        className="admin-control"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) save.mutate(points);
        }}
      >
        <label htmlFor={`${id}-points`}>{t('admin:Watch.Threshold')}</label>
        <input
          id={`${id}-points`}
          type="number"
          min={0.1}
          max={100}
          step={0.1}
          value={shown}
          aria-invalid={!valid || undefined}
          aria-describedby={`${id}-help`}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={!valid || save.isPending}>
          {t('admin:Watch.Save')}
        </button>
      </form>
      {watch.data.updatedBy ? (
        <p>{t('admin:Watch.SetBy', { by: watch.data.updatedBy.email ?? watch.data.updatedBy.id, when: watch.data.updatedAt ?? '' })}</p>
      ) : null}
      <div role="status">{save.isSuccess ? <p>{t('admin:Watch.Saved', { points: save.data.thresholdPoints })}</p> : null}</div>
      {save.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Actions.Failed', { message: messageOf(save.error) })}
        </p>
      ) : null}
    </section>
  );
}
