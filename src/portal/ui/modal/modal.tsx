/*
 * The portal's dialog: Radix Dialog traps and restores focus; it closes with Escape, an overlay
 * click or the close button, unless `closingDisabled` (then only the caller's own buttons close it).
 *
 * Use:
 *   <Modal open={open} onOpenChange={setOpen} title={t('Redeem.Title')}>...</Modal>
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
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

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  closingDisabled = false,
  hideCloseButton = false,
  className,
  children,
}: ModalProps) {
  const { t } = useTranslation('portal');
  // Radix returns focus only to a Dialog.Trigger; the portal opens dialogs from many places.
  const opener = useRef<HTMLElement | null>(null);
  const block = (event: Event) => {
    if (closingDisabled) event.preventDefault();
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
          onPointerDownOutside={block}
          onInteractOutside={block}
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
