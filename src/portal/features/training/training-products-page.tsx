import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../clients/config';
import { useEntitlements } from '../../clients/entitlements';
import { useProfile } from '../../clients/profile';
import { SmartLink } from '../../ui/links/smart-link';
import { PageLoadState } from '../../ui/page/page-frame';
import { partitionEntitlements } from './entitlement-activity';
import { TrainingFrame } from './training-frame';
import { MissingProductsHelper } from './components/missing-products-helper';
import { type LaunchSlot, ProductList } from './components/product-list';
import { EmptyList } from './components/empty-list';
import './training.css';

export interface TrainingProductsPageProps {
  /** The redeem button (redemption feature). */
  redeem?: ReactNode;
  /** The fulfilment banner (fulfilment feature); nothing when no fulfilment is pending. */
  fulfilmentBanner?: ReactNode;
  /** Launch buttons (single-sign-on feature), one per active product. */
  launch?: LaunchSlot;
}

/** The training-products page (docs/behaviour.md#screens-and-routes, learning-systems flag): every entitlement, active first. */
export function TrainingProductsPage({ redeem, fulfilmentBanner, launch }: TrainingProductsPageProps) {
  const { t } = useTranslation('training');
  const config = usePortalConfig();
  const { profile, isError: profileFailed } = useProfile();
  const entitlements = useEntitlements(profile?.id);
  // The list mounts in a transition, in slices, rather than in one long task when the data arrives;
  // the skeleton stays until then.
  const data = useDeferredValue(entitlements.data);
  const isPending = entitlements.isPending || (entitlements.data !== undefined && data === undefined);
  const { isError } = entitlements;
  const store = configLink(config, 'store');
  const support = configLink(config, 'contactSupport');
  const { active, expired } = partitionEntitlements(data ?? [], new Date());

  return (
    <TrainingFrame actions={redeem}>
      {fulfilmentBanner ? <div className="training-page__banner">{fulfilmentBanner}</div> : null}
      <PageLoadState pending={isPending} skeletonLines={5} loadError={(profileFailed || isError) && t('List.LoadError')} />
      {profileFailed || isError || isPending ? null : active.length + expired.length === 0 ? (
        <EmptyList store={store} />
      ) : (
        <ProductList active={active} expired={expired} detailed launch={launch} />
      )}
      {/* Shown once the list is there: below a loading list it would move down when the list arrives. */}
      {isPending && !(profileFailed || isError) ? null : (
        <section className="training-page__help" aria-labelledby="training-help-title">
          <h2 id="training-help-title">{t('Help.Title')}</h2>
          <p>
            {t('Help.Text')} {support ? <SmartLink href={support}>{t('Help.Link')}</SmartLink> : null}
          </p>
          <MissingProductsHelper />
        </section>
      )}
    </TrainingFrame>
  );
}
