import type { ReactNode } from 'react';
import type { AdminRole } from '../../auth/roles';
import { NotAvailablePage } from './not-available-page';

/** Its children for an account with the role; the not-available page for any other. */
export function RequireRole({ need, roles, children }: { need: AdminRole; roles: readonly AdminRole[]; children: ReactNode }) {
  return roles.includes(need) ? children : <NotAvailablePage />;
}
