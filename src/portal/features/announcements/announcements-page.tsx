import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../clients/announcements';
import { PageFrame } from '../../ui/page/page-frame';
import { AnnouncementList } from './components/announcement-list';
import './announcements.css';

/**
 * Every announcement in the UI language (docs/behaviour.md#what-the-portal-does and docs/behaviour.md#screens-and-routes), line breaks kept. A failed load
 * shows the generic toast (the query client's default) and a line saying the list is missing, so
 * the page never reads as "no announcements" when the service did not answer.
 */
export default function AnnouncementsPage() {
  const { t, i18n } = useTranslation('announcements');
  const { data, isPending, isError } = useAnnouncements(i18n.language);
  return (
    <PageFrame name="announcements-page" title={t('Title')} intro={t('Lead')} pending={isPending} loadError={isError && t('LoadError')}>
      {data && (data.length === 0 ? <p className="announcements-page__state">{t('Empty')}</p> : <AnnouncementList announcements={data} />)}
    </PageFrame>
  );
}
