import { useTranslation } from 'react-i18next';
import { PageFrame, type PageFrameProps } from '../../ui/page/page-frame';

/** The training-products page's frame: the page's own, and what paints while the session and the page load (routes.tsx). */
export function TrainingFrame(props: Omit<PageFrameProps, 'name' | 'title' | 'intro' | 'returnLink'>) {
  const { t } = useTranslation('training');
  return <PageFrame name="training-page" returnLink title={t('Page.Title')} intro={t('Page.Lead')} {...props} />;
}
