import { useId } from 'react';
import type { Announcement } from '../../../clients/announcements';

/** Each announcement is an article under its own heading; its message keeps the line breaks it was written with. */
export function AnnouncementList({ announcements }: { announcements: readonly Announcement[] }) {
  // Ids from the service are not trusted to be valid element ids: headings get ids of their own.
  const prefix = useId();
  return (
    <ul className="announcement-list" data-testid="announcement-list">
      {announcements.map((announcement, index) => (
        <li key={announcement.id}>
          <article className="announcement" data-text-source="services" aria-labelledby={`${prefix}-${index}`}>
            <h2 id={`${prefix}-${index}`} className="announcement__heading">
              {announcement.heading}
            </h2>
            <p className="announcement__message">{announcement.message}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
