/* The published versions of texts (each can be put back: a roll back, with a reason) and the audit. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { republishVersion, textAuditQuery, textsKeys, textVersionsQuery } from './texts-api';

export function TextsHistory() {
  const { t } = useTranslation(['texts', 'admin']);
  const versions = useQuery(textVersionsQuery());
  const audit = useQuery(textAuditQuery());
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const id = useId();
  const rollBack = useMutation({
    mutationFn: (number: number) => republishVersion(number, reason.trim()),
    onSuccess: async () => {
      setReason('');
      await queryClient.invalidateQueries({ queryKey: textsKeys.all });
    },
  });
  const published = versions.data?.published.version;
  const choices = [...(versions.data?.versions ?? []).map((version) => version.number), ...(versions.data ? [0] : [])].filter((number) => number !== published);
  return (
    <>
      <section aria-labelledby={`${id}-versions`} data-testid="texts-versions">
        <h2 id={`${id}-versions`}>{t('texts:Texts.Console.Versions.Heading')}</h2>
        {versions.isError ? (
          <p className="admin-error" role="alert">
            {t('texts:Texts.Console.Failed')}
          </p>
        ) : null}
        <ul className="texts-list">
          {(versions.data?.versions ?? []).map((version) => (
            <li key={version.number} className="texts-item" id={`texts-version-${version.number}`}>
              <p>
                <strong>{t('texts:Texts.Console.Versions.Number', { number: version.number })}</strong>{' '}
                {version.number === published ? <span className="texts-badge">{t('texts:Texts.Console.Versions.Published')}</span> : null}{' '}
                <span translate="no">{version.reason}</span>
              </p>
              <p className="admin-hint">
                {t('texts:Texts.Console.Versions.By')} <span translate="no">{version.publishedBy.email ?? version.publishedBy.id}</span>{' '}
                <time dateTime={version.publishedAt}>{new Date(version.publishedAt).toLocaleString()}</time>
                {version.republishedFrom !== null ? ` ${t('texts:Texts.Console.Versions.RolledBackTo', { number: version.republishedFrom })}` : ''}
              </p>
            </li>
          ))}
        </ul>
        {choices.length > 0 ? (
          <div className="texts-rollback">
            <div className="admin-control">
              <label htmlFor={`${id}-reason`}>{t('texts:Texts.Console.Versions.Reason')}</label>
              <input id={`${id}-reason`} type="text" value={reason} onChange={(event) => setReason(event.target.value)} />
            </div>
            <div className="texts-actions">
              {choices.map((number) => (
                <button
                  key={number}
                  type="button"
                  className="button button--secondary"
                  aria-disabled={reason.trim() === '' || rollBack.isPending}
                  onClick={() => {
                    if (reason.trim() !== '' && !rollBack.isPending) rollBack.mutate(number);
                  }}
                >
                  {number === 0 ? t('texts:Texts.Console.Versions.RollBackBase') : t('texts:Texts.Console.Versions.RollBack', { number })}
                </button>
              ))}
            </div>
            {rollBack.isError ? (
              <p className="admin-error" role="alert">
                {t('texts:Texts.Console.Failed')}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>
      <section aria-labelledby={`${id}-audit`}>
        <h2 id={`${id}-audit`}>{t('texts:Texts.Console.Audit.Heading')}</h2>
        <ul className="texts-list texts-audit">
          {(audit.data?.entries ?? []).map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> <span translate="no">{entry.actor.email ?? entry.actor.id}</span>{' '}
              {t(`texts:Texts.Console.Audit.Action.${entry.action}`)}
              {entry.version !== null && (entry.action === 'publish' || entry.action === 'republish')
                ? ` ${t('texts:Texts.Console.Versions.Number', { number: entry.version })}`
                : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
