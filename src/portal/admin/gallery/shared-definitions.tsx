import { useTranslation } from 'react-i18next';
import type { FormName } from '../../forms/definitions';
import { FORM_TITLE } from './text-keys';

/**
 * Each shared definition (schemas/defs/) with the forms it reaches, computed from the schema and ui
 * files the gallery loaded (src/shared/schemas/def-reach.ts): a change to one changes all of them.
 */
export function SharedDefinitions({ reach }: { reach: Record<string, FormName[]> }) {
  const { t } = useTranslation(['gallery']);
  return (
    <section aria-labelledby="shared-definitions-heading" className="gallery-form" id="shared-definitions">
      <h2 id="shared-definitions-heading">{t('SharedDefinitions.Title')}</h2>
      <p>{t('SharedDefinitions.Intro')}</p>
      <table className="gallery-rules">
        <thead>
          <tr>
            <th scope="col">{t('SharedDefinitions.File')}</th>
            <th scope="col">{t('SharedDefinitions.Forms')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(reach).map(([file, forms]) => (
            <tr key={file}>
              <th scope="row">
                <code>{file}</code>
              </th>
              <td data-forms={forms.join(', ')}>
                {forms.map((form, i) => (
                  <span key={form}>
                    {i > 0 ? ', ' : ''}
                    <a href={`#form-${form}`}>{t(FORM_TITLE[form])}</a>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
