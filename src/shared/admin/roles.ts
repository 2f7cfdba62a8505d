// The admin roles an account may hold (docs/admin-area.md): product owners change field rules,
// localisation staff change texts. Carried in the access and ID tokens as the claim `roles`.
export const ADMIN_ROLES = ['product-owner', 'localisation'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The admin roles a token's `roles` claim names; anything else in it is ignored. */
export function rolesOf(claim: unknown): AdminRole[] {
  if (!Array.isArray(claim)) return [];
  return ADMIN_ROLES.filter((role) => claim.includes(role));
}
