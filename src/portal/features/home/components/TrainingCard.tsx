import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../../api/config';
import { SmartLink } from '../../../ui/links/SmartLink';
import { Modal } from '../../../ui/modal/Modal';
import { Skeleton } from '../../../ui/skeleton/Skeleton';
import { useEntitlements } from '../api/entitlements';
import { partitionEntitlements } from '../entitlementActivity';
import { Card } from './Card';
import { ProductList } from './ProductList';

export function TrainingCard({ profileId }: { profileId: string | undefined }) {
  const { t } = useTranslation('home');
  const config = usePortalConfig();
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const store = configLink(config, 'store');
  const support = configLink(config, 'contactSupport');

  return (
    <Card title={t('Training.Title')} className="card--training">
      <div className="card__actions">
        <button type="button" className="button button--primary" onClick={() => setInstructionsOpen(true)}>
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
      <Modal open={instructionsOpen} onOpenChange={setInstructionsOpen} title={t('Training.Instructions.Title')}>
        <ol className="instructions">
          <li>{t('Training.Instructions.Step1')}</li>
          <li>{t('Training.Instructions.Step2')}</li>
          <li>{t('Training.Instructions.Step3')}</li>
        </ol>
      </Modal>
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
