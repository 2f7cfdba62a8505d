import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RulesImpact } from '../../api/rules-api';
import { FORM_TITLE } from '../../gallery/text-keys';
import { useFieldLabel } from '../../schema/use-field-label';
import { useDraft } from '../draft-state';

/**
 * How many stored profiles a saved draft would newly reject, per form, field and message key, with
 * the services' few examples (shown to the product-owner role only: the services answer them to it alone).
 */
export function ImpactReport({ impact }: { impact: RulesImpact }) {
  const { t } = useTranslation(['admin', 'gallery', 'validation']);
  const id = useId();
  const { draftFiles } = useDraft();
  const labelOf = useFieldLabel(draftFiles);
  const total = impact.forms.reduce((sum, form) => sum + form.fields.reduce((n, f) => n + f.count, 0), 0);
  return (
    <section className="admin-impact" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{t('admin:Impact.Heading')}</h4>
      <p>{t('admin:Impact.Checked', { count: impact.checked, ms: impact.ms })}</p>
      {total === 0 ? <p>{t('admin:Impact.None')}</p> : null}
      {impact.forms
        .filter((form) => form.fields.length > 0)
        .map((form) => (
          <div key={form.form}>
            <p>
              <strong>{t(FORM_TITLE[form.form])}</strong>: {t('admin:Impact.Profiles', { count: form.profiles })}
            </p>
            <table className="admin-table">
              <caption className="visually-hidden">{t('admin:Impact.Caption', { form: t(FORM_TITLE[form.form]) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin:Impact.Field')}</th>
                  <th scope="col">{t('admin:Impact.Key')}</th>
                  <th scope="col">{t('admin:Impact.Count')}</th>
                </tr>
              </thead>
              <tbody>
                {form.fields.map((field) => {
                  const path = field.path.replace(/^\//, '');
                  return (
                    <tr key={`${field.path}:${field.key}`} data-testid={`impact-${form.form}-${path}`}>
                      <th scope="row">
                        {labelOf(form.form, path)} <code>{path}</code>
                      </th>
                      <td>
                        <code>{field.key}</code>
                      </td>
                      <td>
                        {field.count}
                        {field.examples.length > 0 ? (
                          <details>
                            <summary>{t('admin:Impact.Examples', { count: field.examples.length })}</summary>
                            <ul>
                              {field.examples.map((example) => (
                                <li key={example.profileId}>
                                  <code>{JSON.stringify(example.value)}</code>
                                </li>
                              ))}
                            </ul>
                          </details>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
