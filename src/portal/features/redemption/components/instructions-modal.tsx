import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/modal/modal';

/** The access-key instructions (docs/behaviour.md#screens-and-routes: the redeem card's info link opens them). */
export function InstructionsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('redemption');
  return (
    <Modal name="access-key-instructions" open={open} onOpenChange={onOpenChange} title={t('Instructions.Title')}>
      <ol className="instructions">
        <li>{t('Instructions.Step1')}</li>
        <li>{t('Instructions.Step2')}</li>
        <li>{t('Instructions.Step3')}</li>
      </ol>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={() => onOpenChange(false)}>
          {t('Instructions.Close')}
        </button>
      </div>
    </Modal>
  );
}
