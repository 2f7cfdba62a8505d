/*
 * The admin roles of the signed-in account, read from the ID token's `roles` claim (docs/admin-area.md).
 *
 * Use:
 *   const roles = useAdminRoles();             // [] for a learner
 *   if (roles.includes('product-owner')) ...
 * The portal uses them only to show or hide the admin area; the services check the role on every
 * admin call, so nothing here protects anything.
 */
import type { AccountInfo } from '@azure/msal-browser';
import { useAuth } from './auth-context';

export const ADMIN_ROLES = ['product-owner', 'localisation'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const isAdminRole = (value: unknown): value is AdminRole => (ADMIN_ROLES as readonly unknown[]).includes(value);

/** The admin roles a token's claims carry; anything else in `roles` (or a claim of another shape) is ignored. */
export function adminRolesOf(account: Pick<AccountInfo, 'idTokenClaims'> | null | undefined): AdminRole[] {
  const roles = (account?.idTokenClaims as { roles?: unknown } | undefined)?.roles;
  if (!Array.isArray(roles)) return [];
  return ADMIN_ROLES.filter((role) => roles.some((claimed) => claimed === role && isAdminRole(claimed)));
}

/** The signed-in account's admin roles (from the ID token MSAL holds). */
export function useAdminRoles(): AdminRole[] {
  const { msal } = useAuth();
  return adminRolesOf(msal.getActiveAccount());
}
