import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function AdminNotFoundPage() {
  const { t } = useTranslation(['admin']);
  return (
    <div>
      <h1>{t('admin:NotFound.Heading')}</h1>
      <p>
        <Link to="/admin">{t('admin:NotFound.Back')}</Link>
      </p>
    </div>
  );
}
