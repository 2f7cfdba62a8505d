import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page/page-frame';

/**
 * What paints for the profile page while the session and the page load (routes.tsx): its heading and
 * intro over the placeholder, as the page shows them while the profile loads. The page itself puts
 * the heading beside its Edit button (EditSection, form code that is not part of the first load).
 */
export function ProfileFrame() {
  const { t } = useTranslation('profile');
  return <PageFrame name="profile-page" returnLink title={t('Profile.Title')} intro={t('Profile.Intro')} pending skeletonLines={6} />;
}
