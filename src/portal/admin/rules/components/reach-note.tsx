import { useTranslation } from 'react-i18next';
import type { FormName } from '../../../forms/definitions';
import { FORM_TITLE } from '../../gallery/text-keys';

export interface Use {
  form: FormName;
  path: string;
}

/**
 * Which forms and fields a place of the files reaches: a shared definition changed once changes
 * every field that uses it.
 */
export function ReachNote({ uses, labelOf }: { uses: readonly Use[]; labelOf: (form: FormName, path: string) => string }) {
  const { t } = useTranslation(['admin', 'gallery']);
  const forms = [...new Set(uses.map((u) => u.form))];
  if (uses.length <= 1) return <p className="admin-hint">{t('admin:Reach.One')}</p>;
  return (
    <details className="admin-reach">
      <summary>{t('admin:Reach.Summary', { fields: uses.length, forms: forms.length })}</summary>
      <ul>
        {forms.map((form) => (
          <li key={form}>
            {t(FORM_TITLE[form])}:{' '}
            {uses
              .filter((u) => u.form === form)
              .map((u) => labelOf(form, u.path))
              .join(', ')}
          </li>
        ))}
      </ul>
    </details>
  );
}
