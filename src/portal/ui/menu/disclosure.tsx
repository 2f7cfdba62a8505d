import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

interface DisclosureMenuProps {
  /** Content of the toggle button (text or an icon with a visually hidden label). */
  label: ReactNode;
  /** Accessible name when the label is not text. */
  ariaLabel?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  children: ReactNode;
}

/**
 * The disclosure navigation pattern (WAI-ARIA APG): a button with aria-expanded that shows a list of
 * links. Escape closes it and returns focus to the button; leaving it or clicking outside closes it.
 */
export function DisclosureMenu({ label, ariaLabel, buttonClassName, align = 'start', children }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    const container = root.current;
    if (!open || !container) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !container.contains(event.relatedTarget as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    container.addEventListener('keydown', onKey);
    container.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      container.removeEventListener('keydown', onKey);
      container.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return (
    <div ref={root} className={`menu menu--${align}`}>
      <button
        ref={button}
        type="button"
        className={buttonClassName ?? 'menu__button'}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      <div id={id} className="menu__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
