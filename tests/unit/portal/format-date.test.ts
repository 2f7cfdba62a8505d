import { format } from 'date-fns';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime } from '../../../src/portal/ui/dates/format-date';

// The documented patterns (docs/behaviour.md#constants) as date-fns formats them (en-US), upper-cased: the reference for the portal's own formatter.
const reference = (date: Date, pattern: string) => format(date, pattern).toUpperCase();
const local = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` +
  `T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}:00`;

describe('display dates (docs/behaviour.md#constants)', () => {
  it('writes yyyy-MMM-dd and yyyy-MMM-dd hh:mm a as date-fns does, every month and hour', () => {
    for (let month = 0; month < 12; month++) {
      for (let hour = 0; hour < 24; hour++) {
        const date = new Date(2026, month, 1 + ((month * 7 + hour) % 28), hour, (hour * 7) % 60);
        expect(formatDisplayDate(local(date))).toBe(reference(date, 'yyyy-MMM-dd'));
        expect(formatDisplayDateTime(local(date))).toBe(reference(date, 'yyyy-MMM-dd hh:mm a'));
      }
    }
    const early = new Date(987, 0, 5, 0, 5);
    expect(formatDisplayDateTime(local(early))).toBe(reference(early, 'yyyy-MMM-dd hh:mm a'));
  });

  it('reads dates and date-times as the API sends them, and shows nothing for none or nonsense', () => {
    expect(formatDisplayDate('2026-11-22')).toBe('2026-NOV-22');
    expect(formatDisplayDateTime('2026-11-22T14:05:00')).toBe('2026-NOV-22 02:05 PM');
    expect(formatDisplayDateTime('2026-11-22T00:00:00')).toBe('2026-NOV-22 12:00 AM');
    const utc = '2026-11-22T23:30:00.000Z';
    expect(formatDisplayDateTime(utc)).toBe(reference(new Date(utc), 'yyyy-MMM-dd hh:mm a'));
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate(undefined)).toBe('');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate('not a date')).toBe('');
  });

  it('writes dates in a language added in the texts console its own way, through Intl, and keeps the house format for English and Japanese', () => {
    const was = i18next.language;
    try {
      i18next.language = 'fr';
      expect(formatDisplayDate('2026-11-22')).toBe('22 nov. 2026');
      expect(formatDisplayDateTime('2026-11-22T14:05:00')).toBe('22 nov. 2026, 14:05');
      i18next.language = 'ar';
      expect(formatDisplayDate('2026-11-22')).toBe(new Intl.DateTimeFormat('ar', { dateStyle: 'medium' }).format(new Date(2026, 10, 22)));
      i18next.language = 'ja';
      expect(formatDisplayDate('2026-11-22')).toBe('2026-NOV-22');
    } finally {
      i18next.language = was;
    }
  });
});
