import { useTranslation } from 'react-i18next';
import { PageFrame, type PageFrameProps } from '../../ui/page/page-frame';

/** The account page's frame: the page's own, and what paints while the session and the page load (routes.tsx). */
export function AccountFrame(props: Omit<PageFrameProps, 'name' | 'title' | 'intro' | 'returnLink'>) {
  const { t } = useTranslation('account');
  return <PageFrame name="account-page" returnLink title={t('Account.Title')} intro={t('Account.Intro')} {...props} />;
}
