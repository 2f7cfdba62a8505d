import type { ParseKeys } from 'i18next';
import type { CmpRole, CmpRoleName } from '../../clients/cmp-role';

/** The header link each certification-platform role gets (docs/behaviour.md#roles); none gets no link. */
const ROLE_LINKS: Record<Exclude<CmpRoleName, 'none'>, { labelKey: ParseKeys<'portal'>; target: string }> = {
  employee: { labelKey: 'Header.Cmp.EmployeeTools', target: 'EmployeeTools' },
  administrator: { labelKey: 'Header.Cmp.InstitutionManagement', target: 'MySchools' },
  instructor: { labelKey: 'Header.Cmp.ClassManagement', target: 'MySchools' },
  other: { labelKey: 'Header.Cmp.CoursewareHome', target: 'MyCourses' },
};

export interface CmpRoleLink {
  labelKey: ParseKeys<'portal'>;
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
