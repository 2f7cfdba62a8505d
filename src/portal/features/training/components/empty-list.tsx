import { useTranslation } from 'react-i18next';
import { SmartLink } from '../../../ui/links/smart-link';

/** Nothing owned: say so and offer the store (docs/behaviour.md#screens-and-routes). */
export function EmptyList({ store }: { store: string | undefined }) {
  const { t } = useTranslation('training');
  return (
    <div className="training__empty">
      <p>{t('List.Empty')}</p>
      {store ? (
        <SmartLink href={store} className="button button--secondary">
          {t('List.BrowseStore')}
        </SmartLink>
      ) : null}
    </div>
  );
}
