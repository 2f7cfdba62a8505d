import { format, isValid, parseISO } from 'date-fns';

/** Spec section 9: dates show as yyyy-MMM-dd in upper case (2026-NOV-22). */
export function formatConsentDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'yyyy-MMM-dd').toUpperCase() : '';
}
