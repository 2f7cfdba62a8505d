import { type ReactNode, useEffect, useRef } from 'react';
import { useFormText } from './i18n/use-form-text';
import type { EditToggle } from './use-edit-toggle';
import './edit-section.css';

interface EditSectionProps {
  /** The toggle of the section's form (the one SchemaForm gets); without it the section has no Edit. */
  toggle: EditToggle | undefined;
  /** The accessible name of the Edit button at the top, naming the section ("Edit profile details"). */
  editLabel: string;
  /** The section's heading, shown beside the Edit button at the top. */
  heading: ReactNode;
  /**
   * The step of a form in several steps (the e-mail change: the address, then the code). A new step
   * of the same edit puts the focus in its first empty field (the code), where Edit puts it in the
   * first field; the button pressed went with the step before.
   */
  step?: string;
  children: ReactNode;
}

// Fields a learner can type into; locked ones (read-only even in edit mode) are passed over.
const EDITABLE =
  'input:not([type="hidden"]):not([readonly]):not([disabled]), select:not([disabled]):not([aria-readonly="true"]), textarea:not([readonly]):not([disabled])';
// The bottom Edit button of the form (FormActions).
const BOTTOM_EDIT = '.form-actions__edit';
const FOCUS_TRIES = 30;

/**
 * A read/edit section: its heading with an Edit button at the top, the form (with its own Edit, or
 * Cancel and Save, at the bottom) below. Edit moves the focus into the first field the learner can
 * change; Cancel or Save gives it back to the Edit button that opened the form.
 */
export function EditSection({ toggle, editLabel, heading, step, children }: EditSectionProps) {
  const { t } = useFormText();
  const section = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLButtonElement>(null);
  const openedFromTop = useRef(false);
  const mode = toggle?.mode;
  const seenMode = useRef(mode);
  const seenStep = useRef(step);

  useEffect(() => {
    const before = seenMode.current;
    const stepBefore = seenStep.current;
    seenMode.current = mode;
    seenStep.current = step;
    const nextStep = mode === 'edit' && before === 'edit' && stepBefore !== step;
    if (!nextStep && (before === mode || before === undefined || mode === undefined)) return;
    const root = section.current;
    if (!root) return;
    if (mode === 'edit') {
      // A field whose widget is still loading appears a frame or two later.
      let tries = 0;
      let frame = 0;
      const focusFirst = () => {
        const fields = [...root.querySelectorAll<HTMLInputElement>(EDITABLE)];
        // A next step keeps what the one before had typed: its first field still empty is the new one.
        const field = (nextStep ? fields.find((f) => f.value === '') : undefined) ?? fields[0];
        if (field) field.focus();
        else if (++tries < FOCUS_TRIES) frame = requestAnimationFrame(focusFirst);
      };
      focusFirst();
      return () => cancelAnimationFrame(frame);
    }
    const bottom = root.querySelector<HTMLElement>(BOTTOM_EDIT);
    (openedFromTop.current ? top.current : (bottom ?? top.current))?.focus();
    openedFromTop.current = false;
  }, [mode, step]);

  return (
    <div ref={section} className="edit-section">
      <div className="edit-section__head">
        {heading}
        {toggle?.mode === 'readonly' && (
          <button
            ref={top}
            type="button"
            className="button button--secondary button--small edit-section__edit"
            aria-label={editLabel}
            onClick={() => {
              openedFromTop.current = true;
              toggle.edit();
            }}
          >
            {t('widgets:Actions.Edit')}
          </button>
        )}
      </div>
      {children}
    </div>
  );
}
