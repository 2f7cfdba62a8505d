import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../clients/profile';
import { usePendingFulfilments } from '../api/pending-fulfilments';
import { useAddressEditor } from '../address-editor';
import { PendingList } from './pending-list';
import '../fulfilment.css';

/**
 * The address-verification banner (docs/behaviour.md#screens-and-routes and docs/behaviour.md#states-and-transitions): shown on home and the training-products
 * page while fulfilments are pending; it opens the address-verification modal.
 */
export function AddressBanner() {
  const { t } = useTranslation('fulfilment');
  const { profile } = useProfile();
  const { data } = usePendingFulfilments(profile?.id);
  const { openAddressEditor } = useAddressEditor();
  if (!data?.hasPendingFulfillments) return null;
  return (
    <section className="fulfilment-banner" aria-labelledby="fulfilment-banner-title" data-testid="address-banner">
      <div>
        <h2 id="fulfilment-banner-title" className="fulfilment-banner__title">
          {t('Banner.Title', { count: data.fulfillments.length })}
        </h2>
        <p>{t('Banner.Text')}</p>
        <PendingList items={data.fulfillments} />
      </div>
      <button type="button" className="button button--primary" onClick={openAddressEditor}>
        {t('Banner.Verify')}
      </button>
    </section>
  );
}
