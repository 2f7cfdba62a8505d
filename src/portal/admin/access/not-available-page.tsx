import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * What an account without the role sees at an admin address. The portal only hides the admin area;
 * the services refuse every admin call without the role.
 */
export function NotAvailablePage() {
  const { t } = useTranslation(['admin']);
  return (
    <div className="admin admin--narrow" data-testid="admin-not-available">
      <h1>{t('admin:NotAvailable.Heading')}</h1>
      <p>{t('admin:NotAvailable.Body')}</p>
      <p>
        <Link to="/home">{t('admin:NotAvailable.Home')}</Link>
      </p>
    </div>
  );
}
