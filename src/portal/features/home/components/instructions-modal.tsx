import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/modal/modal';

/** The access-key instructions (spec: the redeem card's info link opens instructions). */
export default function InstructionsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('home');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('Training.Instructions.Title')}>
      <ol className="instructions">
        <li>{t('Training.Instructions.Step1')}</li>
        <li>{t('Training.Instructions.Step2')}</li>
        <li>{t('Training.Instructions.Step3')}</li>
      </ol>
    </Modal>
  );
}
