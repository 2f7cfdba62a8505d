import { isBefore, isValid, parseISO, startOfDay } from 'date-fns';
import type { Entitlement } from '../../clients/entitlements';

export type { Entitlement };

const toDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
};

/**
 * docs/behaviour.md#states-and-transitions: active when the expiration date is today or later, or when a BenchPrep item has
 * neither an expiration nor a redemption date. Everything else is expired.
 */
export function isEntitlementActive(entitlement: Entitlement, today: Date): boolean {
  const expiration = toDate(entitlement.expirationDate);
  if (expiration) return !isBefore(startOfDay(expiration), startOfDay(today));
  return !toDate(entitlement.redemptionDate) && entitlement.vendor === 'benchPrep';
}

const descendingBy = (field: 'redemptionDate' | 'expirationDate') => (a: Entitlement, b: Entitlement) => {
  const left = toDate(a[field])?.getTime() ?? Number.NEGATIVE_INFINITY;
  const right = toDate(b[field])?.getTime() ?? Number.NEGATIVE_INFINITY;
  return right === left ? 0 : right > left ? 1 : -1;
};

/** Active items by redemption date, newest first; expired ones by expiration date, newest first. */
export function partitionEntitlements(entitlements: readonly Entitlement[], today: Date) {
  const active = entitlements.filter((e) => isEntitlementActive(e, today)).sort(descendingBy('redemptionDate'));
  const expired = entitlements.filter((e) => !isEntitlementActive(e, today)).sort(descendingBy('expirationDate'));
  return { active, expired };
}

export function entitlementTitle(entitlement: Entitlement): string {
  return entitlement.product?.title || entitlement.product?.productTitle || '';
}
