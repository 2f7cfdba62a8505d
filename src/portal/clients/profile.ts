/*
 * The signed-in user's stored profile: the one profile query and its keys, shared by the shell and
 * every feature (home, profile, account).
 *
 * Use:
 *   const { profile, etag, isPending, error, missing } = useProfile();   // missing: the account has no profile
 *   queryClient.invalidateQueries({ queryKey: profileKeys.all });               // refresh it
 *   queryClient.setQueryData(profileKeys.account(accountId), { profile, etag }); // after a PATCH
 * Freshness, retries and refetching follow the query client's defaults (src/portal/app/query-client.ts).
 * The cached value is { profile, etag } (ETag header of GET /api/profiles/account/{accountId}), so
 * a feature that patches the profile can send If-Match and store the answer in the same shape.
 * An account without a profile is a state, not a failure: the service answers 204 (no body), read
 * as `{ profile: null }` (`missing`), so no error toast shows, the browser logs nothing (it logs
 * every error answer as "Failed to load resource") and the shell shows the page that lets the
 * learner create one. A 404 (a service of the release before, during a rolling restart) is read
 * the same way.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestWithHeaders } from './client';
import { isApiError } from './errors';
import { useAccountId } from './session';
import type { ProfileView, StoredProfile } from '../../shared/profile/view';

/**
 * The stored profile with its derived items (primaryAddress, phones), as the service answers it. Its
 * fields have the forms' types, narrower than the document's profile schema (a month is "01".."12"
 * there a string): the services store a profile only once the form rules passed, so an answer of
 * theirs is read `as Profile`.
 */
export type Profile = StoredProfile & ProfileView & { id: string };

export interface ProfileQueryData {
  /** null: the account has no profile (yet). */
  profile: Profile | null;
  etag: string | null;
}

/** A profile the service answered (a write's answer), in the query's shape. */
export interface SavedProfile extends ProfileQueryData {
  profile: Profile;
}

export const profileKeys = {
  all: ['profile'] as const,
  account: (accountId: string) => ['profile', 'account', accountId] as const,
};

export async function fetchProfile(accountId: string): Promise<ProfileQueryData> {
  try {
    const { data, headers, status } = await requestWithHeaders('identity', 'GET', '/api/profiles/account/{accountId}', { path: { accountId } });
    if (status === 204 || !data) return { profile: null, etag: null };
    return { profile: data as Profile, etag: headers.get('etag') };
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return { profile: null, etag: null };
    throw error;
  }
}

export const profileQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: profileKeys.account(accountId),
    queryFn: () => fetchProfile(accountId),
  });

export function useProfile() {
  const accountId = useAccountId();
  const query = useQuery(profileQueryOptions(accountId));
  return { ...query, profile: query.data?.profile ?? undefined, etag: query.data?.etag ?? null, missing: query.data?.profile === null };
}
