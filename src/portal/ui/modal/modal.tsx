/*
 * The portal's dialog: Radix Dialog traps and restores focus; it closes with Escape, an overlay
 * click or the close button, unless `closingDisabled` (then only the caller's own buttons close it).
 *
 * Each modal has a name (the list is schemas/api/form-activity-request.schema.json's `modal`): a
 * view is counted 500 ms after it opens, if it is still open (clients/form-activity.ts).
 *
 * Use:
 *   <Modal name="redeem" open={open} onOpenChange={setOpen} title={t('Redeem.Title')}>...</Modal>
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formActivity, type ModalName } from '../../clients/form-activity';

/** How long a modal is open before its view counts. */
export const MODAL_VIEW_DELAY_MS = 500;

export interface ModalProps {
  /** Which modal this is, for its view count; a new name while open is a new view (a dialog that moves between modals). */
  name: ModalName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Text for screen readers when the dialog has no visible description. */
  description?: ReactNode;
  closingDisabled?: boolean;
  /** Hide the close (×) button, e.g. when a single action button closes the dialog. */
  hideCloseButton?: boolean;
  className?: string;
  children?: ReactNode;
}

/** Counts a view of `name` once it has been open MODAL_VIEW_DELAY_MS. */
function useModalView(name: ModalName, open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => formActivity()?.record({ type: 'modal-viewed', modal: name }), MODAL_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, open]);
}

export function Modal({ name, open, onOpenChange, title, description, closingDisabled = false, hideCloseButton = false, className, children }: ModalProps) {
  const { t } = useTranslation('portal');
  useModalView(name, open);
  // Radix returns focus only to a Dialog.Trigger; the portal opens dialogs from many places.
  const opener = useRef<HTMLElement | null>(null);
  const block = (event: Event) => {
    if (closingDisabled) event.preventDefault();
  };
  // A toast is not "outside": dismissing the toast that reports this dialog's failed call leaves the
  // dialog open, as typed.
  const blockOutside = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) event.preventDefault();
    else block(event);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || !closingDisabled) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={`modal ${className ?? ''}`}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          onEscapeKeyDown={block}
          onPointerDownOutside={blockOutside}
          onInteractOutside={blockOutside}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          {description ? <Dialog.Description className="modal__description">{description}</Dialog.Description> : null}
          <div className="modal__body">{children}</div>
          {!closingDisabled && !hideCloseButton ? (
            <Dialog.Close className="modal__close" aria-label={t('Modal.Close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
