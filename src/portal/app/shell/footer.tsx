import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation('portal');
  return (
    <footer className="footer">
      <p>{t('Footer.Copyright')}</p>
    </footer>
  );
}
