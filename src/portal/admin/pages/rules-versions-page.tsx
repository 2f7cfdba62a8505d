import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { messageOf, rulesQueries, type RulesVersions } from '../api/rules-api';
import { RollBack } from '../rules/components/roll-back';
import { ScheduleList } from '../rules/components/schedule';
import { WatchFlags, WatchThreshold } from '../activity/watch-flags';

type Version = RulesVersions['versions'][number];
const personOf = (person: unknown) => {
  const p = person as { id?: string; email?: string | null } | null;
  return p ? (p.email ?? p.id ?? '') : '';
};
const shown = (value: unknown) => (value === undefined ? '–' : JSON.stringify(value));

function VersionItem({ version }: { version: Version }) {
  const { t, i18n } = useTranslation(['admin']);
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) : '';
  return (
    <li className="admin-card admin-version" id={`version-${version.number}`} data-testid={`version-${version.number}`}>
      <h2>
        <Link to={`/admin/rules/versions/${version.number}`}>{t('admin:Versions.Number', { number: version.number })}</Link>{' '}
        {version.published ? <span className="admin-badge">{t('admin:Versions.InForce')}</span> : null}
      </h2>
      <p>{t('admin:Versions.Why', { reason: version.reason })}</p>
      <p>{t('admin:Versions.Who', { author: personOf(version.author), publisher: personOf(version.publishedBy), when: date(version.publishedAt) })}</p>
      {version.approvedBy ? <p>{t('admin:Versions.ApprovedBy', { by: personOf(version.approvedBy), when: date(version.approvedAt) })}</p> : null}
      {version.republishedFrom !== null ? <p>{t('admin:Versions.RepublishedFrom', { number: version.republishedFrom })}</p> : null}
      <details>
        <summary>{t('admin:Versions.Diff', { count: version.diff.length })}</summary>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin:Versions.Place')}</th>
              <th scope="col">{t('admin:Versions.Before')}</th>
              <th scope="col">{t('admin:Versions.After')}</th>
            </tr>
          </thead>
          <tbody>
            {version.diff.map((change) => (
              <tr key={`${change.file}#${change.path}`}>
                <th scope="row">
                  <code>{change.file}</code> <code>{change.path}</code>
                </th>
                <td>{shown(change.previous)}</td>
                <td>{change.op === 'remove' ? '–' : shown(change.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {version.published ? null : <RollBack number={version.number} label={t('admin:Versions.RollBack', { number: version.number })} />}
    </li>
  );
}

/** /admin/rules/versions: every published version, newest first, with who, when, why and its diff; roll back to any. */
export default function RulesVersionsPage() {
  const { t } = useTranslation(['admin']);
  const versions = useQuery(rulesQueries.versions());
  if (versions.error) return <p role="alert">{t('admin:Actions.Failed', { message: messageOf(versions.error) })}</p>;
  if (!versions.data) return <p role="status">{t('admin:Loading')}</p>;
  const { published, versions: list } = versions.data;
  return (
    <div>
      <h1>{t('admin:Versions.Heading')}</h1>
      <p>{published.version === 0 ? t('admin:Versions.BaseInForce') : t('admin:Versions.InForceText', { number: published.version })}</p>
      <WatchFlags />
      <WatchThreshold />
      <ScheduleList />
      {list.length === 0 ? <p>{t('admin:Versions.None')}</p> : null}
      <ol className="admin-versions">
        {list.map((version) => (
          <VersionItem key={version.number} version={version} />
        ))}
      </ol>
      {published.version !== 0 ? (
        <section className="admin-card">
          <h2>{t('admin:Versions.Base')}</h2>
          <RollBack number={0} label={t('admin:Versions.RollBackBase')} />
        </section>
      ) : null}
    </div>
  );
}
