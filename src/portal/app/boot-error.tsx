import { useTranslation } from 'react-i18next';

/** Shown when the portal cannot start (config or sign-in unavailable). */
export function BootError() {
  const { t } = useTranslation('portal');
  return (
    <main className="boot-error">
      <h1>{t('Boot.Title')}</h1>
      <p>{t('Toast.Error.Default')}</p>
      <a className="button button--primary" href="/">
        {t('Boot.Retry')}
      </a>
    </main>
  );
}
