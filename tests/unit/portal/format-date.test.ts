import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime } from '../../../src/portal/ui/dates/format-date';

// Spec section 9: yyyy-MMM-dd in upper case; date-times yyyy-MMM-dd hh:mm a, in local time.
describe('display dates', () => {
  it('formats dates in upper case and leaves out what is missing or not a date', () => {
    expect(formatDisplayDate('2026-11-22')).toBe('2026-NOV-22');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('not a date')).toBe('');
  });

  it('formats date-times on a 12-hour clock with AM and PM', () => {
    const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();
    expect(formatDisplayDateTime(local(2026, 3, 5, 14, 7))).toBe('2026-MAR-05 02:07 PM');
    expect(formatDisplayDateTime(local(2026, 3, 5, 0, 30))).toBe('2026-MAR-05 12:30 AM');
    expect(formatDisplayDateTime(local(2026, 12, 31, 12, 0))).toBe('2026-DEC-31 12:00 PM');
    expect(formatDisplayDateTime(undefined)).toBe('');
  });
});
