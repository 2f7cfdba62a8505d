import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAnnouncements } from '../../../clients/announcements';
import { Skeleton } from '../../../ui/skeleton/skeleton';

export function Announcements() {
  const { t, i18n } = useTranslation('home');
  const { data, isPending, isError } = useAnnouncements(i18n.language);
  if (isError || (!isPending && (data ?? []).length === 0)) return null;
  return (
    <section className="announcements" aria-labelledby="announcements-heading">
      <h2 id="announcements-heading">{t('Announcements.Title')}</h2>
      {isPending ? (
        <Skeleton lines={2} />
      ) : (
        <>
          {(data ?? []).map((announcement) => (
            <article key={announcement.id} className="announcement" data-text-source="services">
              <h3 className="announcement__heading">{announcement.heading}</h3>
              <p className="announcement__message">{announcement.message}</p>
            </article>
          ))}
          <Link to="/announcements" className="announcements__all">
            {t('Announcements.SeeAll')}
          </Link>
        </>
      )}
    </section>
  );
}
