/*
 * The saved drafts of texts: each with its reason, author, changes and warnings; approve (when
 * approval is on, by another localisation account), publish, delete. The services decide what is
 * allowed; a refusal shows beside the draft.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../clients/errors';
import { approveDraft, deleteDraft, publishDraft, textDraftsQuery, textsKeys, type TextDraft } from './texts-api';
import { useLanguageName } from './language-name';
import { runtimeText } from '../../ui/texts/runtime-text';

export function TextsDrafts() {
  const { t } = useTranslation(['texts', 'admin']);
  const drafts = useQuery(textDraftsQuery());
  const headingId = useId();
  // A published draft leaves the list: what was done stays said here, with its version, until the next publish.
  const [published, setPublished] = useState<number | null>(null);
  return (
    <section aria-labelledby={headingId} className="texts-drafts" data-testid="texts-drafts">
      <h2 id={headingId}>{t('texts:Texts.Console.Drafts.Heading')}</h2>
      {drafts.isError ? (
        <p className="admin-error" role="alert">
          {t('texts:Texts.Console.Failed')}
        </p>
      ) : null}
      <div role="status" aria-live="polite" data-testid="texts-published-as">
        {published !== null ? (
          <p>
            {t('texts:Texts.Console.Drafts.Published', { number: published })}{' '}
            <a href={`#texts-version-${published}`}>{t('texts:Texts.Console.Drafts.PublishedLink', { number: published })}</a>
          </p>
        ) : null}
      </div>
      {drafts.data && drafts.data.drafts.length === 0 ? <p>{t('texts:Texts.Console.Drafts.None')}</p> : null}
      <ul className="texts-list">
        {(drafts.data?.drafts ?? []).map((draft) => (
          <DraftItem key={draft.id} draft={draft} onPublished={setPublished} />
        ))}
      </ul>
    </section>
  );
}

function DraftItem({ draft, onPublished }: { draft: TextDraft; onPublished: (version: number) => void }) {
  const { t } = useTranslation(['texts', 'admin']);
  const nameOf = useLanguageName();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: async (action: 'approve' | 'publish' | 'delete'): Promise<void> => {
      if (action === 'approve') await approveDraft(draft.id);
      else if (action === 'publish') onPublished((await publishDraft(draft.id)).number);
      else await deleteDraft(draft.id);
    },
    onSuccess: async () => {
      setProblem(null);
      await queryClient.invalidateQueries({ queryKey: textsKeys.all });
    },
    onError: (error) =>
      setProblem(
        isApiError(error) ? t('texts:Texts.Console.Drafts.Refused', { status: error.statusCode, message: error.message }) : t('texts:Texts.Console.Failed'),
      ),
  });
  const approval = draft.approval as { by?: { email?: string | null }; current?: boolean } | null;
  return (
    <li className="texts-item" data-testid="texts-draft">
      <p>
        <strong translate="no">{draft.reason}</strong>{' '}
        {draft.origin === 'import' ? <span className="texts-badge">{t('texts:Texts.Console.Drafts.Imported')}</span> : null}
        {draft.stale ? <span className="texts-badge texts-badge--warn">{t('texts:Texts.Console.Drafts.Stale')}</span> : null}
      </p>
      <p className="admin-hint">
        {t('texts:Texts.Console.Drafts.By', { count: draft.changes.length })} <span translate="no">{draft.author.email ?? draft.author.id}</span>
      </p>
      <ul className="texts-changes">
        {draft.changes.map((change) => (
          <li key={`${change.key}-${change.lang}`}>
            <code translate="no">{change.key}</code> ({nameOf(change.lang)}):{' '}
            <span translate="no" lang={change.lang}>
              {change.text}
            </span>
          </li>
        ))}
      </ul>
      {draft.warnings.map((warning) => (
        <p key={warning.path} className="texts-warning">
          <code translate="no">{String(warning.params?.textKey ?? '')}</code> {runtimeText(t, `texts:${warning.key}`, { ...warning.params })}
        </p>
      ))}
      {draft.approvalRequired ? (
        <p className="admin-hint">
          {approval?.current ? t('texts:Texts.Console.Drafts.Approved', { by: approval.by?.email ?? '' }) : t('texts:Texts.Console.Drafts.NeedsApproval')}
        </p>
      ) : null}
      <div className="texts-actions">
        {draft.approvalRequired ? (
          <button type="button" className="button button--secondary" onClick={() => act.mutate('approve')} aria-disabled={act.isPending}>
            {t('texts:Texts.Console.Drafts.Approve')}
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => act.mutate('publish')} aria-disabled={act.isPending}>
          {t('texts:Texts.Console.Drafts.Publish')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => act.mutate('delete')} aria-disabled={act.isPending}>
          {t('texts:Texts.Console.Drafts.Delete')}
        </button>
      </div>
      {problem ? (
        <p className="admin-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
