// Reading the dates the services send, without a date library in the first load (the home page's
// product list and pending list read them). The services send RFC 3339 dates and date-times
// (`format: date` and `date-time` in their schemas): 2026-11-22, 2026-11-22T14:05:00,
// 2026-11-22T14:05:00.123Z, 2026-11-22T14:05:00+09:00. These are read exactly as date-fns' parseISO
// reads them (a date alone, or a date-time without an offset, in the learner's own time zone; days
// and times out of range are invalid); tests/unit/portal/iso-date.test.ts compares the two. Other ISO
// 8601 shapes parseISO also takes (a year alone, week and ordinal dates, basic format without
// hyphens, fractional hours) are never sent, and read here as invalid.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](?:(\d{2}):(\d{2})(?::(\d{2}(?:[.,]\d*)?))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const daysIn = (year: number, month: number) =>
  month === 1 ? (year % 400 === 0 || (year % 4 === 0 && year % 100 !== 0) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!;

/** The date or date-time `value` names, or an invalid date (NaN) when it names none. */
export function parseIsoDate(value: string): Date {
  const parts = ISO.exec(value);
  if (!parts) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s, zone] = parts;
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  if (month < 0 || month > 11 || day < 1 || day > daysIn(year, month)) return new Date(Number.NaN);
  const hours = Number(h ?? 0);
  const minutes = Number(mi ?? 0);
  const seconds = s ? Number.parseFloat(s.replace(',', '.')) || 0 : 0;
  if (hours === 24 ? minutes !== 0 || seconds !== 0 : hours > 24 || minutes >= 60 || seconds >= 60) return new Date(Number.NaN);
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  const time = hours * HOUR + minutes * MINUTE + seconds * 1000;
  if (zone) {
    const offset = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(zone);
    const offsetMinutes = Number(offset?.[3] ?? 0);
    if (offsetMinutes > 59) return new Date(Number.NaN);
    const sign = offset?.[1] === '+' ? -1 : 1;
    return new Date(+date + time + (offset ? sign * (Number(offset[2]) * HOUR + offsetMinutes * MINUTE) : 0));
  }
  // No offset: the same wall-clock time in the learner's time zone.
  const utc = new Date(+date + time);
  const local = new Date(0);
  local.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  local.setHours(utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds(), utc.getUTCMilliseconds());
  return local;
}

export const isValidDate = (date: Date): boolean => !Number.isNaN(date.getTime());

/** Midnight at the start of the date's day, in the learner's time zone. */
export function startOfDay(date: Date): Date {
  const start = new Date(date.getTime());
  start.setHours(0, 0, 0, 0);
  return start;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** `yyyy`, as date-fns writes it: the year in at least four digits (year 0, which is 1 BC, as 0001). */
export const yearOf = (date: Date): string => pad(date.getFullYear() > 0 ? date.getFullYear() : 1 - date.getFullYear(), 4);
/** `dd` */
export const dayOf = (date: Date): string => pad(date.getDate(), 2);
/** `hh:mm a` (02:05 PM, 12:00 AM) */
export const clockOf = (date: Date): string => `${pad(date.getHours() % 12 || 12, 2)}:${pad(date.getMinutes(), 2)} ${date.getHours() >= 12 ? 'PM' : 'AM'}`;
