import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation('portal');
  return (
    <div className="page not-found">
      <h1>{t('NotFound.Heading')}</h1>
      <p className="not-found__subheading">{t('NotFound.Subheading')}</p>
      <Link className="button button--primary" to="/">
        {t('NotFound.Button')}
      </Link>
    </div>
  );
}
