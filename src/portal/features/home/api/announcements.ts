import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { homeKeys } from './query-keys';

export interface Announcement {
  id: string | number;
  heading: string;
  message: string;
}

export const fetchAnnouncements = (language: string) =>
  request<Announcement[]>('identity', `/api/announcements/?language=${encodeURIComponent(language)}`);

export const announcementsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: homeKeys.announcements(language),
    queryFn: () => fetchAnnouncements(language),
  });

export function useAnnouncements(language: string) {
  return useQuery(announcementsQueryOptions(language));
}
