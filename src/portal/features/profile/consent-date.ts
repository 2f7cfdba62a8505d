import { formatDisplayDate } from '../../ui/dates/format-date';

/** docs/behaviour.md#constants: dates show as yyyy-MMM-dd in upper case (2026-NOV-22). */
export function formatConsentDate(value: unknown): string {
  return typeof value === 'string' ? formatDisplayDate(value) : '';
}
