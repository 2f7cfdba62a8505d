/*
 * The signed-in user's training products (entitlements): the one query and its keys, shared by the
 * home card, the training-products page and redemption (which refreshes it after a success).
 *
 * Use:
 *   const { data, isPending } = useEntitlements(profile?.id);
 *   queryClient.invalidateQueries({ queryKey: entitlementKeys.all });   // after a redemption
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEntitlementsResponse } from '../../generated/api-types';
import { request } from './client';

export type Entitlement = ApiEntitlementsResponse[number];

export const entitlementKeys = {
  all: ['entitlements'] as const,
  ofProfile: (profileId: string) => ['entitlements', profileId] as const,
};

export const fetchEntitlements = (profileId: string) => request('identity', 'GET', '/api/profiles/{id}/entitlements', { path: { id: profileId } });

export const entitlementsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: entitlementKeys.ofProfile(profileId),
    queryFn: () => fetchEntitlements(profileId),
  });

export function useEntitlements(profileId: string | undefined) {
  return useQuery({ ...entitlementsQueryOptions(profileId ?? ''), enabled: Boolean(profileId) });
}
