import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FORM_NAMES } from '../../forms/definitions';
import { FormActivitySummary, useActivityPeriod, useFormActivity } from '../activity/form-activity';
import { messageOf, rulesQueries } from '../api/rules-api';
import { FORM_TITLE } from '../gallery/text-keys';
import { useDraft } from '../rules/draft-state';
import { useFieldLabel } from '../schema/use-field-label';
import { fieldsOf, walkForm } from '../schema/walk';

/** The drafts the services keep (every product owner's); one opens as the working copy. */
function SavedDrafts() {
  const { t, i18n } = useTranslation(['admin']);
  const { saved, open } = useDraft();
  const drafts = useQuery(rulesQueries.drafts());
  if (drafts.error) return <p role="alert">{t('admin:Actions.Failed', { message: messageOf(drafts.error) })}</p>;
  if (!drafts.data) return <p role="status">{t('admin:Loading')}</p>;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
  return (
    <section aria-labelledby="admin-saved-drafts">
      <h2 id="admin-saved-drafts">{t('admin:Drafts.Heading')}</h2>
      {drafts.data.drafts.length === 0 ? (
        <p>{t('admin:Drafts.None')}</p>
      ) : (
        <ul className="admin-cards">
          {drafts.data.drafts.map((draft) => (
            <li key={draft.id} className="admin-card">
              <p>
                <strong>{draft.reason}</strong>
              </p>
              <p>
                {t('admin:Drafts.By', {
                  author: draft.author.email ?? draft.author.id,
                  when: date(draft.updatedAt),
                  count: draft.changes.length,
                  revision: draft.revision,
                })}
              </p>
              {draft.stale ? <p className="admin-error">{t('admin:Drafts.Stale')}</p> : null}
              {saved?.id === draft.id ? (
                <p>{t('admin:Drafts.Open')}</p>
              ) : (
                <button type="button" className="button button--secondary button--small" onClick={() => open(draft as never)}>
                  {t('admin:Drafts.OpenButton', { reason: draft.reason })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/rules: every form, with its fields and how often learners were turned back, to pick one to edit; the saved drafts. */
export default function RulesFormsPage() {
  const { t } = useTranslation(['admin', 'gallery']);
  const { draftFiles, draft, info } = useDraft();
  const labelOf = useFieldLabel(draftFiles);
  const [days, period] = useActivityPeriod();
  const activity = useFormActivity(days);
  const counts = useMemo(
    () => Object.fromEntries(FORM_NAMES.map((form) => [form, fieldsOf(walkForm(draftFiles, form)).filter((f) => !f.group).length])),
    [draftFiles],
  );
  return (
    <div>
      <h1>{t('admin:Rules.Heading')}</h1>
      <p>{t('admin:Rules.Intro')}</p>
      <p>{info.version === 0 ? t('admin:Versions.BaseInForce') : t('admin:Versions.InForceText', { number: info.version })}</p>
      {draft.changes.length > 0 ? <p>{t('admin:Draft.Count', { count: draft.changes.length })}</p> : null}
      {period}
      {activity.error ? <p className="admin-hint">{t('admin:Activity.Failed', { message: messageOf(activity.error) })}</p> : null}
      <ul className="admin-cards">
        {FORM_NAMES.map((form) => (
          <li key={form} className="admin-card">
            <h2>
              <Link to={`/admin/rules/${form}?days=${days}`}>{t(FORM_TITLE[form])}</Link>
            </h2>
            <p>{t('admin:Rules.FieldCount', { count: counts[form] })}</p>
            <FormActivitySummary form={form} stats={activity.data} labelOf={labelOf} pending={activity.isPending} />
          </li>
        ))}
      </ul>
      <SavedDrafts />
    </div>
  );
}
