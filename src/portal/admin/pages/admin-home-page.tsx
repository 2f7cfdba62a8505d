import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminRole } from '../../auth/roles';
import { WatchFlags } from '../activity/watch-flags';

/** The admin area's start: what the account's roles let it do here. */
export function AdminHomePage({ roles }: { roles: readonly AdminRole[] }) {
  const { t } = useTranslation(['admin']);
  const owner = roles.includes('product-owner');
  return (
    <div>
      <h1>{t('admin:Home.Heading')}</h1>
      <p>{t('admin:Home.Intro')}</p>
      {owner ? <WatchFlags inForceOnly /> : null}
      <ul className="admin-cards">
        {owner ? (
          <>
            <li className="admin-card">
              <h2>
                <Link to="/admin/rules">{t('admin:Home.Rules')}</Link>
              </h2>
              <p>{t('admin:Home.RulesText')}</p>
            </li>
            <li className="admin-card">
              <h2>
                <Link to="/admin/gallery">{t('admin:Home.Gallery')}</Link>
              </h2>
              <p>{t('admin:Home.GalleryText')}</p>
            </li>
          </>
        ) : null}
        {roles.includes('localisation') ? (
          <li className="admin-card">
            <h2>
              <Link to="/admin/texts">{t('admin:Home.Texts')}</Link>
            </h2>
            <p>{t('admin:Home.TextsText')}</p>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
