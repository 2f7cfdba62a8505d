import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import type { Entitlement } from '../entitlement-activity';
import { homeKeys } from './query-keys';

export const fetchEntitlements = (profileId: string) =>
  request<Entitlement[]>('identity', `/api/profiles/${encodeURIComponent(profileId)}/entitlements`);

export const entitlementsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: homeKeys.entitlements(profileId),
    queryFn: () => fetchEntitlements(profileId),
  });

export function useEntitlements(profileId: string | undefined) {
  return useQuery({ ...entitlementsQueryOptions(profileId ?? ''), enabled: Boolean(profileId) });
}
