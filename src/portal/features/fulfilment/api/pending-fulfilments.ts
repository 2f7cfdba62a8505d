import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { type FulfilmentSource, usePortalConfig } from '../../../clients/config';
import type { ApiPendingFulfillmentsResponse } from '../../../../generated/api-types';

export type PendingFulfilments = ApiPendingFulfillmentsResponse;

export const fulfilmentKeys = {
  all: ['fulfilments'] as const,
  pending: (profileId: string, source: FulfilmentSource) => ['fulfilments', 'pending', source, profileId] as const,
};

/** GET /api/vendors/{certmetrics|sierra}/{id}/pendingfulfillments */
export const fetchPendingFulfilments = (profileId: string, source: FulfilmentSource) =>
  request('vendors', 'GET', `/api/vendors/${source}/{id}/pendingfulfillments`, { path: { id: profileId } });

export const pendingFulfilmentsQueryOptions = (profileId: string, source: FulfilmentSource) =>
  queryOptions({ queryKey: fulfilmentKeys.pending(profileId, source), queryFn: () => fetchPendingFulfilments(profileId, source) });

/** The learner's pending fulfilments, behind the certmetrics flag; the sierra variant when configured. */
export function usePendingFulfilments(profileId: string | undefined) {
  const config = usePortalConfig();
  const source = config.fulfilmentSource ?? 'certmetrics';
  return useQuery({ ...pendingFulfilmentsQueryOptions(profileId ?? '', source), enabled: Boolean(profileId) && config.flags.certmetrics });
}
