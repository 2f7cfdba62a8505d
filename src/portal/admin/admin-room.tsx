/*
 * The admin area (/admin/*): its own room beside the learner's features, loaded as chunks of its own
 * only when an admin address is opened (docs/admin-area.md is its contract). Shown to an account
 * whose ID token carries an admin role; any other account sees "not available". The services
 * check the role on every admin call: hiding is all the portal does.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router-dom';
import { useAdminRoles } from '../auth/roles';
import { NotAvailablePage } from './access/not-available-page';
import { RequireRole } from './access/require-role';
import { AdminHomePage } from './pages/admin-home-page';
import { AdminNotFoundPage } from './pages/admin-not-found-page';
import { RulesArea } from './rules/rules-area';
import './admin.css';

// Each tool is a chunk of its own: the rule editor (with the pattern parser), the gallery, the texts console.
const RulesFormsPage = lazy(() => import('./pages/rules-forms-page'));
const RulesEditorPage = lazy(() => import('./pages/rules-editor-page'));
const RulesVersionsPage = lazy(() => import('./pages/rules-versions-page'));
const RulesVersionPage = lazy(() => import('./pages/rules-version-page'));
const RulesAuditPage = lazy(() => import('./pages/rules-audit-page'));
const GalleryPage = lazy(() => import('./gallery/gallery-page'));
const TextsPage = lazy(() => import('./texts/texts-page'));

function AdminNav({ owner, localisation }: { owner: boolean; localisation: boolean }) {
  const { t } = useTranslation(['admin']);
  return (
    <nav className="admin-nav" aria-label={t('admin:Nav.Label')}>
      <ul>
        <li>
          <NavLink to="/admin" end>
            {t('admin:Nav.Home')}
          </NavLink>
        </li>
        {owner ? (
          <>
            <li>
              <NavLink to="/admin/rules" end>
                {t('admin:Nav.Rules')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/rules/versions">{t('admin:Nav.Versions')}</NavLink>
            </li>
            <li>
              <NavLink to="/admin/rules/audit">{t('admin:Nav.Audit')}</NavLink>
            </li>
            <li>
              <NavLink to="/admin/gallery">{t('admin:Nav.Gallery')}</NavLink>
            </li>
          </>
        ) : null}
        {localisation ? (
          <li>
            <NavLink to="/admin/texts">{t('admin:Nav.Texts')}</NavLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function Loading() {
  const { t } = useTranslation(['admin']);
  return <p role="status">{t('admin:Loading')}</p>;
}

export default function AdminRoom() {
  const roles = useAdminRoles();
  if (roles.length === 0) return <NotAvailablePage />;
  const owner = roles.includes('product-owner');
  return (
    <div className="admin">
      <AdminNav owner={owner} localisation={roles.includes('localisation')} />
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<AdminHomePage roles={roles} />} />
          <Route
            path="rules"
            element={
              <RequireRole need="product-owner" roles={roles}>
                <RulesArea />
              </RequireRole>
            }
          >
            <Route index element={<RulesFormsPage />} />
            <Route path="versions" element={<RulesVersionsPage />} />
            <Route path="versions/:number" element={<RulesVersionPage />} />
            <Route path="audit" element={<RulesAuditPage />} />
            <Route path=":form" element={<RulesEditorPage />} />
          </Route>
          <Route
            path="gallery"
            element={
              <RequireRole need="product-owner" roles={roles}>
                <GalleryPage />
              </RequireRole>
            }
          />
          <Route
            path="texts"
            element={
              <RequireRole need="localisation" roles={roles}>
                <TextsPage />
              </RequireRole>
            }
          />
          <Route path="*" element={<AdminNotFoundPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}
