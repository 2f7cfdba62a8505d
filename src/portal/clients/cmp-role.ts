/*
 * The learner's certification-platform role (docs/behaviour.md#roles), read from the identity service.
 *
 * Use:
 *   const { data: role } = useCmpRole(profile?.id);   // waits until the profile id is known
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

export type CmpRoleName = 'none' | 'employee' | 'administrator' | 'instructor' | 'other';

export interface CmpRole {
  role: CmpRoleName | null;
  campusId?: string | number | null;
}

export const cmpRoleKeys = {
  all: ['cmp-role'] as const,
  profile: (profileId: string) => ['cmp-role', profileId] as const,
};

export const fetchCmpRole = (profileId: string) => request('identity', 'GET', '/api/profiles/{id}/cmp/role', { path: { id: profileId } });

export const cmpRoleQueryOptions = (profileId: string) => queryOptions({ queryKey: cmpRoleKeys.profile(profileId), queryFn: () => fetchCmpRole(profileId) });

export function useCmpRole(profileId: string | undefined) {
  return useQuery({ ...cmpRoleQueryOptions(profileId ?? ''), enabled: Boolean(profileId) });
}
