import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf, rulesQueries } from '../api/rules-api';

/** /admin/rules/audit: every draft change, approval, publish and roll back, newest first. */
export default function RulesAuditPage() {
  const { t, i18n } = useTranslation(['admin']);
  const audit = useQuery(rulesQueries.audit());
  if (audit.error) return <p role="alert">{t('admin:Actions.Failed', { message: messageOf(audit.error) })}</p>;
  if (!audit.data) return <p role="status">{t('admin:Loading')}</p>;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
  return (
    <div>
      <h1>{t('admin:Audit.Heading')}</h1>
      {audit.data.entries.length === 0 ? (
        <p>{t('admin:Audit.None')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t('admin:Audit.Heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin:Audit.When')}</th>
                <th scope="col">{t('admin:Audit.Who')}</th>
                <th scope="col">{t('admin:Audit.What')}</th>
                <th scope="col">{t('admin:Audit.Version')}</th>
                <th scope="col">{t('admin:Audit.Detail')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{date(entry.at)}</td>
                  <td>{entry.actor.email ?? entry.actor.id}</td>
                  <td>{t(`admin:Audit.Action.${entry.action}`)}</td>
                  <td>{entry.version ?? ''}</td>
                  <td>
                    <code>{JSON.stringify(entry.detail)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
