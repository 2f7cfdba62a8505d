import { useTranslation } from 'react-i18next';
import { PageFrame, type PageFrameProps } from '../../ui/page/page-frame';

/** The exam form's frame: the page's own, and what paints while the session and the page load (routes.tsx). */
export function ExamFrame(props: Omit<PageFrameProps, 'name' | 'title' | 'intro' | 'returnLink' | 'skeletonLines'>) {
  const { t } = useTranslation('profile');
  return <PageFrame name="profile-page" returnLink title={t('Exam.Title')} intro={t('Exam.Intro')} skeletonLines={6} {...props} />;
}
