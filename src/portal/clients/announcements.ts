/*
 * Announcements in one language: the one query and its keys, shared by the home page's section and
 * the announcements page.
 *
 * Use:
 *   const { data, isPending, isError } = useAnnouncements(i18n.language);
 * A failure shows the generic toast (the query client's default).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

export interface Announcement {
  id: string | number;
  heading: string;
  message: string;
}

export const announcementKeys = {
  all: ['announcements'] as const,
  ofLanguage: (language: string) => ['announcements', language] as const,
};

export const fetchAnnouncements = (language: string) => request('identity', 'GET', '/api/announcements/', { query: { language } });

export const announcementsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: announcementKeys.ofLanguage(language),
    queryFn: () => fetchAnnouncements(language),
  });

export function useAnnouncements(language: string) {
  return useQuery(announcementsQueryOptions(language));
}
