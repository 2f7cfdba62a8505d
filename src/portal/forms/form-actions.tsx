import { useFormStatus } from './behaviours/form-status';
import type { EditToggle } from './use-edit-toggle';
import { useFormText } from './i18n/use-form-text';
import type { TextKey } from '../ui/texts/text-key';

interface FormActionsProps {
  submitLabel: TextKey;
  toggle?: EditToggle;
  submitWhenEdited: boolean;
  /** A read-only form without the Edit toggle only shows its data. */
  readonly: boolean;
  /** fields key of the notice shown while a submitted form has errors. */
  invalidNotice?: string;
}

/** Submit (with its spinner), Edit/Cancel and the missing-field notice; reads the status store only. */
export function FormActions({ submitLabel, toggle, submitWhenEdited, invalidNotice, readonly }: FormActionsProps) {
  const { edited, submitting, invalidSubmit } = useFormStatus();
  const { text, t } = useFormText();
  if (!toggle && readonly) return null;
  if (toggle && toggle.mode === 'readonly') {
    return (
      <div className="form-actions">
        <button type="button" className="button button--primary form-actions__edit" onClick={toggle.edit}>
          {t('widgets:Actions.Edit')}
        </button>
      </div>
    );
  }
  const disabled = submitting || (submitWhenEdited && !edited);
  return (
    <div className="form-actions">
      {invalidNotice && invalidSubmit && (
        <p role="alert" className="form-notice">
          {text(invalidNotice)}
        </p>
      )}
      {toggle && (
        <button type="button" className="button button--secondary" onClick={toggle.cancel} disabled={submitting}>
          {t('widgets:Actions.Cancel')}
        </button>
      )}
      <button type="submit" className="button button--primary" disabled={disabled} aria-busy={submitting || undefined}>
        {submitting && <span className="spinner" role="status" aria-label={t('widgets:Spinner.Submitting')} />}
        {text(submitLabel)}
      </button>
    </div>
  );
}
