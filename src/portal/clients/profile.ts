/*
 * The signed-in user's stored profile: the one profile query and its keys, shared by the shell and
 * every feature (home, profile, account).
 *
 * Use:
 *   const { profile, etag, isPending, error } = useProfile();
 *   queryClient.invalidateQueries({ queryKey: profileKeys.all });               // refresh it
 *   queryClient.setQueryData(profileKeys.account(accountId), { profile, etag }); // after a PATCH
 * Freshness, retries and refetching follow the query client's defaults (src/portal/app/query-client.ts).
 * The cached value is { profile, etag } (ETag header of GET /api/profiles/account/{accountId}), so
 * a feature that patches the profile can send If-Match and store the answer in the same shape.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestWithHeaders } from './client';
import { useAccountId } from './session';
import type { ProfileView, StoredProfile } from '../../shared/profile/view';

/** The stored profile with its derived items (primaryAddress, phones), as the service answers it. */
export type Profile = StoredProfile & ProfileView & { id: string };

export interface ProfileQueryData {
  profile: Profile;
  etag: string | null;
}

export const profileKeys = {
  all: ['profile'] as const,
  account: (accountId: string) => ['profile', 'account', accountId] as const,
};

export async function fetchProfile(accountId: string): Promise<ProfileQueryData> {
  const { data, headers } = await requestWithHeaders<Profile>(
    'identity',
    `/api/profiles/account/${encodeURIComponent(accountId)}`,
  );
  return { profile: data, etag: headers.get('etag') };
}

export const profileQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: profileKeys.account(accountId),
    queryFn: () => fetchProfile(accountId),
  });

export function useProfile() {
  const accountId = useAccountId();
  const query = useQuery(profileQueryOptions(accountId));
  return { ...query, profile: query.data?.profile, etag: query.data?.etag ?? null };
}
