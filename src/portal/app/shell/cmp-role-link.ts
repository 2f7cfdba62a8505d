import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../clients/client';

export type CmpRoleName = 'none' | 'employee' | 'administrator' | 'instructor' | 'other';

export interface CmpRole {
  role: CmpRoleName | null;
  campusId?: string | number | null;
}

export const shellKeys = {
  all: ['shell'] as const,
  cmpRole: (profileId: string) => ['shell', 'cmpRole', profileId] as const,
};

/** The header link each certification-platform role gets (spec section 6); none gets no link. */
const ROLE_LINKS: Record<Exclude<CmpRoleName, 'none'>, { labelKey: string; target: string }> = {
  employee: { labelKey: 'Header.Cmp.EmployeeTools', target: 'EmployeeTools' },
  administrator: { labelKey: 'Header.Cmp.InstitutionManagement', target: 'MySchools' },
  instructor: { labelKey: 'Header.Cmp.ClassManagement', target: 'MySchools' },
  other: { labelKey: 'Header.Cmp.CoursewareHome', target: 'MyCourses' },
};

export interface CmpRoleLink {
  labelKey: string;
  href: string;
}

/** The platform is launched through /login with the role's campus as classroom. */
export function cmpRoleLink(role: CmpRole | undefined): CmpRoleLink | null {
  const name = role?.role?.toLowerCase() as CmpRoleName | undefined;
  if (!name || name === 'none' || !(name in ROLE_LINKS)) return null;
  const { labelKey, target } = ROLE_LINKS[name as Exclude<CmpRoleName, 'none'>];
  const params = new URLSearchParams({ redirectVendor: 'certMaster', target });
  if (role?.campusId !== undefined && role.campusId !== null && role.campusId !== '') {
    params.set('classroom', String(role.campusId));
  }
  return { labelKey, href: `/login?${params.toString()}` };
}

export const cmpRoleQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: shellKeys.cmpRole(profileId),
    queryFn: () => request<CmpRole>('identity', `/api/profiles/${encodeURIComponent(profileId)}/cmp/role`),
  });

export function useCmpRole(profileId: string | undefined) {
  return useQuery({ ...cmpRoleQueryOptions(profileId ?? ''), enabled: Boolean(profileId) });
}
