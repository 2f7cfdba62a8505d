import { useFormText } from './i18n/use-form-text';

/** Shown while a form's schema and validators load. */
export function FormLoading() {
  const { t } = useFormText();
  return (
    <p className="form-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t('widgets:Spinner.Loading')}
    </p>
  );
}
