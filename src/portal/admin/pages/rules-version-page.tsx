import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EffectPanel } from '../activity/effect-panel';
import { messageOf, rulesQueries } from '../api/rules-api';
import { RollBack } from '../rules/components/roll-back';
import { ScheduleEnd } from '../rules/components/schedule';

const personOf = (person: { id: string; email: string | null } | null) => (person ? (person.email ?? person.id) : '');

/** /admin/rules/versions/:number: one version, who made it and why, what it did to learners, and its roll back. */
export default function RulesVersionPage() {
  const { t, i18n } = useTranslation(['admin']);
  const number = Number(useParams().number);
  const version = useQuery({ ...rulesQueries.version(number), enabled: Number.isInteger(number) && number > 0 });
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) : '';
  if (!Number.isInteger(number) || number < 1) return <p role="alert">{t('admin:NotFound.Heading')}</p>;
  if (version.error) return <p role="alert">{t('admin:Actions.Failed', { message: messageOf(version.error) })}</p>;
  const v = version.data;
  return (
    <div className="admin-version-page">
      <p>
        <Link to="/admin/rules/versions">{t('admin:Versions.Heading')}</Link>
      </p>
      <h1>
        {t('admin:Versions.Number', { number })} {v?.published ? <span className="admin-badge">{t('admin:Versions.InForce')}</span> : null}
      </h1>
      {v ? (
        <>
          <p>{t('admin:Versions.Why', { reason: v.reason })}</p>
          <p>{t('admin:Versions.Who', { author: personOf(v.author), publisher: personOf(v.publishedBy), when: date(v.publishedAt) })}</p>
          {v.republishedFrom !== null ? <p>{t('admin:Versions.RepublishedFrom', { number: v.republishedFrom })}</p> : null}
        </>
      ) : (
        <p role="status">{t('admin:Loading')}</p>
      )}
      {v?.published ? <ScheduleEnd number={v.number} /> : null}
      <EffectPanel number={number} />
      {v && !v.published ? <RollBack number={v.number} label={t('admin:Versions.RollBack', { number: v.number })} /> : null}
      {v?.published && v.basedOn >= 0 ? <RollBack number={v.basedOn} label={t('admin:Versions.RollBack', { number: v.basedOn })} /> : null}
    </div>
  );
}
