import { isBefore, isValid, lightFormat, parseISO, startOfDay as startOfDayFns } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { clockOf, dayOf, isValidDate, parseIsoDate, startOfDay, yearOf } from '../../../src/portal/ui/dates/iso-date';

// The portal reads the services' dates without date-fns (src/portal/ui/dates/iso-date.ts); date-fns,
// which it used before, is the reference.
const SENT = [
  '2026-11-22',
  '2026-02-29',
  '2024-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-12-31',
  '1900-02-29',
  '2000-02-29',
  '0987-01-05',
  '0050-06-15',
  '0000-01-01',
  '2026-11-22T14:05:00',
  '2026-11-22T14:05',
  '2026-11-22 14:05:00',
  '2026-11-22T00:00:00',
  '2026-11-22T24:00:00',
  '2026-11-22T24:00:01',
  '2026-11-22T25:00:00',
  '2026-11-22T23:60:00',
  '2026-11-22T23:59:60',
  '2026-11-22T23:59:59.999',
  '2026-11-22T23:59:59,5',
  '2026-11-22T23:59:59.',
  '2026-11-22T14:05:00.123456',
  '2026-11-22T23:30:00.000Z',
  '2026-11-22T23:30:00Z',
  '2026-11-22T23:30Z',
  '2026-11-22T14:05:00+09:00',
  '2026-11-22T14:05:00-05:30',
  '2026-11-22T14:05:00+0900',
  '2026-11-22T14:05:00+09',
  '2026-11-22T14:05:00+09:60',
  '2026-03-29T02:30:00',
  '2026-10-25T02:30:00',
  '',
  'not a date',
  '2026-11-22T',
  '2026-11-22TZ',
  '2026-11-22T+09:00',
  '22/11/2026',
];

const same = (a: Date, b: Date) => (isValid(b) ? a.getTime() === b.getTime() : !isValidDate(a));

describe('reading the dates the services send (src/portal/ui/dates/iso-date.ts)', () => {
  it("reads RFC 3339 dates and date-times as date-fns' parseISO does, valid or not", () => {
    for (const value of SENT) expect([value, same(parseIsoDate(value), parseISO(value))]).toEqual([value, true]);
  });

  it('leaves out the ISO 8601 shapes the services never send (parseISO reads them)', () => {
    for (const value of ['2026', '2026-11', '20261122', '2026-W47-7', '2026-326', '2026-11-22T1405', '2026-11-22T14.5'])
      expect([value, isValidDate(parseIsoDate(value))]).toEqual([value, false]);
  });

  it('writes yyyy, dd and hh:mm a, and finds the start of the day, as date-fns does', () => {
    for (let hour = 0; hour < 24; hour++) {
      const date = new Date(2026, hour % 12, 1 + hour, hour, (hour * 7) % 60, 30);
      expect(yearOf(date)).toBe(lightFormat(date, 'yyyy'));
      expect(dayOf(date)).toBe(lightFormat(date, 'dd'));
      expect(clockOf(date)).toBe(lightFormat(date, 'hh:mm a'));
      expect(startOfDay(date).getTime()).toBe(startOfDayFns(date).getTime());
      expect(startOfDay(date).getTime() < date.getTime()).toBe(isBefore(startOfDayFns(date), date));
    }
    const early = parseIsoDate('0050-06-15');
    expect(yearOf(early)).toBe(lightFormat(early, 'yyyy'));
  });
});
