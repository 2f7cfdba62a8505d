import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cancelScheduled, messageOf, rulesKeys, rulesQueries, scheduleDraft, scheduleEnd, type WallTime } from '../../api/rules-api';

// Publish on a date (docs/admin-area.md, "Publish on a date"): a date, a time and an IANA time zone
// (the services check it with Intl and carry the work out at that time on one instance of the fleet).

const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const zones = () => {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ownZone(), ...listed])];
};

/** A date, a time and a time zone, as three labelled controls. */
function WallTimeFields({
  legend,
  value,
  onChange,
  required = true,
}: {
  legend: string;
  value: WallTime;
  onChange: (next: WallTime) => void;
  required?: boolean;
}) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const options = useMemo(zones, []);
  return (
    <fieldset className="admin-schedule__when">
      <legend>{legend}</legend>
      <div className="admin-control">
        <label htmlFor={`${id}-date`}>{t('admin:Schedule.Date')}</label>
        <input id={`${id}-date`} type="date" required={required} value={value.date} onChange={(event) => onChange({ ...value, date: event.target.value })} />
      </div>
      <div className="admin-control">
        <label htmlFor={`${id}-time`}>{t('admin:Schedule.Time')}</label>
        <input id={`${id}-time`} type="time" required={required} value={value.time} onChange={(event) => onChange({ ...value, time: event.target.value })} />
      </div>
      <div className="admin-control">
        <label htmlFor={`${id}-zone`}>{t('admin:Schedule.Zone')}</label>
        <select id={`${id}-zone`} value={value.timeZone} onChange={(event) => onChange({ ...value, timeZone: event.target.value })}>
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

const empty = (): WallTime => ({ date: '', time: '', timeZone: ownZone() });
const filled = (w: WallTime) => w.date !== '' && w.time !== '';

/** Schedules a saved draft's publish, with an end when "until" is filled in. */
export function ScheduleDraft({ draftId, disabled }: { draftId: string; disabled: boolean }) {
  const { t } = useTranslation(['admin']);
  const queryClient = useQueryClient();
  const [at, setAt] = useState(empty);
  const [until, setUntil] = useState(empty);
  const schedule = useMutation({
    mutationFn: () => scheduleDraft(draftId, at, filled(until) ? until : undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKeys.schedule() }),
  });
  return (
    <details className="admin-schedule" data-testid="schedule-draft">
      <summary>{t('admin:Schedule.Heading')}</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          schedule.mutate();
        }}
      >
        <WallTimeFields legend={t('admin:Schedule.At')} value={at} onChange={setAt} />
        <WallTimeFields legend={t('admin:Schedule.Until')} value={until} onChange={setUntil} required={false} />
        <button type="submit" className="button button--secondary" disabled={disabled || !filled(at) || schedule.isPending}>
          {t('admin:Schedule.Submit')}
        </button>
      </form>
      <div role="status">
        {schedule.isSuccess ? (
          <p>
            {t('admin:Schedule.Scheduled', { when: `${schedule.data.localTime} ${schedule.data.timeZone}` })}{' '}
            <Link to="/admin/rules/versions#schedule">{t('admin:Schedule.SeeList')}</Link>
          </p>
        ) : null}
      </div>
      {schedule.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Actions.Failed', { message: messageOf(schedule.error) })}
        </p>
      ) : null}
    </details>
  );
}

/** Gives the version in force an end: the version before it comes back then. */
export function ScheduleEnd({ number }: { number: number }) {
  const { t } = useTranslation(['admin']);
  const queryClient = useQueryClient();
  const [at, setAt] = useState(empty);
  const end = useMutation({ mutationFn: () => scheduleEnd(number, at), onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKeys.schedule() }) });
  return (
    <details className="admin-schedule" data-testid="schedule-end">
      <summary>{t('admin:Schedule.EndHeading', { number, previous: number - 1 })}</summary>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          end.mutate();
        }}
      >
        <WallTimeFields legend={t('admin:Schedule.EndAt')} value={at} onChange={setAt} />
        <button type="submit" className="button button--secondary" disabled={!filled(at) || end.isPending}>
          {t('admin:Schedule.EndSubmit')}
        </button>
      </form>
      <div role="status">{end.isSuccess ? <p>{t('admin:Schedule.Scheduled', { when: `${end.data.localTime} ${end.data.timeZone}` })}</p> : null}</div>
      {end.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Actions.Failed', { message: messageOf(end.error) })}
        </p>
      ) : null}
    </details>
  );
}

const STATUS_KEY = {
  pending: 'admin:Schedule.Status.pending',
  done: 'admin:Schedule.Status.done',
  cancelled: 'admin:Schedule.Status.cancelled',
  failed: 'admin:Schedule.Status.failed',
} as const;

/** The scheduled work: pending first (each can be cancelled), then what was carried out or not. */
export function ScheduleList() {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const queryClient = useQueryClient();
  const schedule = useQuery({
    ...rulesQueries.schedule(),
    refetchInterval: (query) => (query.state.data?.entries.some((e) => e.status === 'pending') ? 2000 : false),
  });
  const cancel = useMutation({
    mutationFn: (entry: string) => cancelScheduled(entry),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKeys.schedule() }),
  });
  if (!schedule.data) return null;
  const entries = schedule.data.entries;
  return (
    <section className="admin-card" aria-labelledby={`${id}-heading`} id="schedule" data-testid="schedule-list">
      <h2 id={`${id}-heading`}>{t('admin:Schedule.ListHeading')}</h2>
      {entries.length === 0 ? <p>{t('admin:Schedule.None')}</p> : null}
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} data-testid={`scheduled-${entry.status}`}>
            {entry.action === 'publish'
              ? t('admin:Schedule.PublishEntry', { when: `${entry.localTime} ${entry.timeZone}`, at: entry.at })
              : t('admin:Schedule.EndEntry', { number: entry.version ?? 0, when: `${entry.localTime} ${entry.timeZone}`, at: entry.at })}{' '}
            <strong>{t(STATUS_KEY[entry.status])}</strong>
            {entry.resultVersion !== null ? (
              <>
                {' '}
                <Link to={`/admin/rules/versions/${entry.resultVersion}`}>{t('admin:Versions.Number', { number: entry.resultVersion })}</Link>
              </>
            ) : null}
            {entry.status === 'failed' && entry.outcome ? <span> ({entry.outcome})</span> : null}
            {entry.status === 'pending' ? (
              <button type="button" className="button button--secondary" disabled={cancel.isPending} onClick={() => cancel.mutate(entry.id)}>
                {t('admin:Schedule.Cancel')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {cancel.error ? (
        <p role="alert" className="admin-error">
          {t('admin:Actions.Failed', { message: messageOf(cancel.error) })}
        </p>
      ) : null}
    </section>
  );
}
