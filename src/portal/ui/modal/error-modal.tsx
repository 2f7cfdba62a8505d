/*
 * The generic error modal (docs/behaviour.md#errors): code '500', an HTML-capable message (sanitised), one
 * button with configurable text. It closes only by its button.
 *
 * Use:
 *   <ErrorModal open={open} message={html} buttonText={t('Common.Ok')} onClose={() => setOpen(false)} />
 */
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export interface ErrorModalProps {
  open: boolean;
  /** HTML allowed; scripts and event handlers are stripped. Defaults to the generic error text. */
  message?: string;
  code?: string;
  buttonText?: string;
  onClose: () => void;
}

export function ErrorModal({ open, message, code = '500', buttonText, onClose }: ErrorModalProps) {
  const { t } = useTranslation('portal');
  const html = DOMPurify.sanitize(message ?? t('Toast.Error.Default'));
  return (
    <Modal name="generic-error" open={open} onOpenChange={() => undefined} closingDisabled title={t('ErrorModal.Title', { code })}>
      <div className="modal__message" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {buttonText ?? t('ErrorModal.Button')}
        </button>
      </div>
    </Modal>
  );
}
