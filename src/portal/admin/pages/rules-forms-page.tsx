import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FORM_NAMES } from '../../forms/definitions';
import { FORM_TITLE } from '../gallery/text-keys';
import { useDraft } from '../rules/draft-state';
import { fieldsOf, walkForm } from '../schema/walk';

/** /admin/rules: every form, with how many fields it has, to pick one to edit. */
export default function RulesFormsPage() {
  const { t } = useTranslation(['admin', 'gallery']);
  const { draftFiles, draft } = useDraft();
  const counts = useMemo(() => Object.fromEntries(FORM_NAMES.map((form) => [form, fieldsOf(walkForm(draftFiles, form)).filter((f) => !f.group).length])), [draftFiles]);
  return (
    <div>
      <h1>{t('admin:Rules.Heading')}</h1>
      <p>{t('admin:Rules.Intro')}</p>
      {draft.changes.length > 0 ? <p>{t('admin:Draft.Count', { count: draft.changes.length })}</p> : null}
      <ul className="admin-cards">
        {FORM_NAMES.map((form) => (
          <li key={form} className="admin-card">
            <h2>
              <Link to={`/admin/rules/${form}`}>{t(FORM_TITLE[form])}</Link>
            </h2>
            <p>{t('admin:Rules.FieldCount', { count: counts[form] })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
