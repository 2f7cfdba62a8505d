import { useTranslation } from 'react-i18next';
import type { TextRow, TextUse } from './texts-api';

/** Where a key's text shows: a form's field and rule, or a namespace's pages (and the services' own). */
export function UsedIn({ row }: { row: TextRow }) {
  const { t } = useTranslation('texts');
  const uses = row.usedIn as TextUse[];
  return (
    <ul className="texts-used-in">
      {uses.map((use) => (
        <li key={use.kind === 'field' ? `${use.form}/${use.field}/${use.rule}` : use.namespace}>
          {use.kind === 'field' ? (
            <>
              {t('Texts.Console.UsedIn.Field')} <code translate="no">{`${use.form} › ${use.field}`}</code> <span translate="no">({use.rule})</span>
            </>
          ) : (
            <>
              {t('Texts.Console.UsedIn.Namespace')} <code translate="no">{use.namespace}</code>
            </>
          )}
        </li>
      ))}
      {row.server ? <li>{t(`Texts.Console.UsedIn.Server.${row.server}`)}</li> : null}
    </ul>
  );
}
