import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../../clients/config';
import { SmartLink } from '../../../ui/links/smart-link';
import { Skeleton } from '../../../ui/skeleton/skeleton';
import { useEntitlements } from '../api/entitlements';
import { partitionEntitlements } from '../entitlement-activity';
import { Card } from './card';
import { ProductList } from './product-list';

// The dialog library loads on first use, not with the home page.
const InstructionsModal = lazy(() => import('./instructions-modal'));

export function TrainingCard({ profileId }: { profileId: string | undefined }) {
  const { t } = useTranslation('home');
  const config = usePortalConfig();
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const [instructionsLoaded, setInstructionsLoaded] = useState(false);
  const store = configLink(config, 'store');
  const support = configLink(config, 'contactSupport');

  return (
    <Card title={t('Training.Title')} className="card--training">
      <div className="card__actions">
        <button type="button" className="button button--primary" onClick={() => {
            setInstructionsLoaded(true);
            setInstructionsOpen(true);
          }}>
          {t('Training.Redeem')}
        </button>
      </div>
      {config.flags.learningSystems ? (
        <TrainingProducts profileId={profileId} store={store} />
      ) : (
        <div className="training__coming-soon">
          <p>{t('Training.ComingSoon')}</p>
          {store ? (
            <SmartLink href={store} className="button button--secondary">
              {t('Training.BrowseTraining')}
            </SmartLink>
          ) : null}
        </div>
      )}
      <p className="training__missing">
        {t('Training.Missing.Text')}{' '}
        {support ? <SmartLink href={support}>{t('Training.Missing.Link')}</SmartLink> : null}
      </p>
      {instructionsLoaded ? (
        <Suspense fallback={null}>
          <InstructionsModal open={instructionsOpen} onOpenChange={setInstructionsOpen} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function TrainingProducts({ profileId, store }: { profileId: string | undefined; store: string | undefined }) {
  const { t } = useTranslation('home');
  const { data, isPending, isError } = useEntitlements(profileId);
  if (isPending) return <Skeleton lines={3} />;
  if (isError) return <p role="alert">{t('Training.LoadError')}</p>;
  const { active } = partitionEntitlements(data ?? [], new Date());
  if (active.length === 0) {
    return (
      <div className="training__empty">
        <p>{t('Training.Empty')}</p>
        {store ? (
          <SmartLink href={store} className="button button--secondary">
            {t('Training.BrowseStore')}
          </SmartLink>
        ) : null}
      </div>
    );
  }
  return <ProductList entitlements={active} />;
}
