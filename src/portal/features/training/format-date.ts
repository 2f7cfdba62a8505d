import { format, isValid, parseISO } from 'date-fns';

/** Spec section 9: dates show as yyyy-MMM-dd in upper case (e.g. 2026-NOV-22). */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'yyyy-MMM-dd').toUpperCase() : '';
}
