import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../../clients/config';
import { SmartLink } from '../../../ui/links/smart-link';
import { ActiveProducts } from './active-products';
import { MissingProductsHelper } from './missing-products-helper';
import type { LaunchSlot } from './product-list';

interface TrainingCardProps {
  profileId: string | undefined;
  /** The redeem button (the redemption feature's launcher), placed by the app. */
  redeem?: ReactNode;
  launch?: LaunchSlot;
}

/** The home page's access-your-training card (docs/behaviour.md#screens-and-routes): redeem, active products, missing-courses helper. */
export function TrainingCard({ profileId, redeem, launch }: TrainingCardProps) {
  const { t } = useTranslation('training');
  const config = usePortalConfig();
  const store = configLink(config, 'store');
  return (
    <section className="card card--training" aria-labelledby="training-card-title">
      <h2 id="training-card-title" className="card__title">
        {t('Card.Title')}
      </h2>
      {redeem ? <div className="card__actions">{redeem}</div> : null}
      {config.flags.learningSystems ? (
        <ActiveProducts profileId={profileId} store={store} launch={launch} />
      ) : (
        <div className="training__coming-soon">
          <p>{t('Card.ComingSoon')}</p>
          {store ? (
            <SmartLink href={store} className="button button--secondary">
              {t('Card.BrowseTraining')}
            </SmartLink>
          ) : null}
        </div>
      )}
      <MissingProductsHelper />
    </section>
  );
}
