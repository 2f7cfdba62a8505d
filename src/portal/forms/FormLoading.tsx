import { useFormText } from './i18n/useFormText';

/** Shown while a form's schema and validators load. */
export function FormLoading() {
  const { text } = useFormText();
  return (
    <p className="form-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text('widgets:Spinner.Loading')}
    </p>
  );
}
