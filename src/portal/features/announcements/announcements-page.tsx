import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../clients/announcements';
import { Skeleton } from '../../ui/skeleton/skeleton';
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
    <div className="page announcements-page">
      <h1>{t('Title')}</h1>
      <p className="announcements-page__lead">{t('Lead')}</p>
      {isPending ? (
        <Skeleton lines={4} />
      ) : isError ? (
        <p className="announcements-page__state">{t('LoadError')}</p>
      ) : data.length === 0 ? (
        <p className="announcements-page__state">{t('Empty')}</p>
      ) : (
        <AnnouncementList announcements={data} />
      )}
    </div>
  );
}
