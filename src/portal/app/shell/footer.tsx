import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './language-menu';

export function Footer() {
  const { t } = useTranslation('portal');
  return (
    <footer className="footer">
      <LanguageMenu />
      <p>{t('Footer.Copyright')}</p>
    </footer>
  );
}
