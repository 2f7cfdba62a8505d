import { useTranslation } from 'react-i18next';
import { configLink, usePortalConfig } from '../../../clients/config';
import { SmartLink } from '../../../ui/links/smart-link';
import { Modal } from '../../../ui/modal/modal';

/** The missing products modal: what to do when a purchased course is not in the list. */
export default function MissingProductsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('training');
  const support = configLink(usePortalConfig(), 'contactSupport');
  return (
    <Modal name="missing-products" open={open} onOpenChange={onOpenChange} title={t('Missing.Title')}>
      <ol className="instructions">
        <li>{t('Missing.Step1')}</li>
        <li>{t('Missing.Step2')}</li>
        <li>{t('Missing.Step3')}</li>
      </ol>
      <div className="modal__actions">
        {support ? (
          <SmartLink href={support} className="button button--secondary">
            {t('Missing.Contact')}
          </SmartLink>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => onOpenChange(false)}>
          {t('Missing.Close')}
        </button>
      </div>
    </Modal>
  );
}
