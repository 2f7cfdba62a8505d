export type Meridiem = 'AM' | 'PM';

export interface TwelveHourTime {
  hour: number;
  minute: number;
  meridiem: Meridiem;
}

const MAX_HOUR = 12;
const MAX_MINUTE = 59;

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.trunc(value), min), max);
}

/** The hour box accepts at most 12 (docs/behaviour.md#states-and-transitions); an empty or non-numeric entry becomes undefined. */
export function capHour(input: string): number | undefined {
  const digits = input.replace(/\D/g, '');
  return digits === '' ? undefined : clamp(Number(digits), 1, MAX_HOUR);
}

/** The minute box accepts at most 59. */
export function capMinute(input: string): number | undefined {
  const digits = input.replace(/\D/g, '');
  return digits === '' ? undefined : clamp(Number(digits), 0, MAX_MINUTE);
}

/** 12 AM is hour 0; PM adds 12 to hours below 12 (so 12 PM stays 12). */
export function toUtcHour(hour: number, meridiem: Meridiem): number {
  const h = clamp(hour, 1, MAX_HOUR);
  if (meridiem === 'AM') return h === 12 ? 0 : h;
  return h < 12 ? h + 12 : 12;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The stored value is the UTC time of day, "HH:mm" on a 24-hour clock. */
export function toUtcTime(time: TwelveHourTime): string {
  return `${pad(toUtcHour(time.hour, time.meridiem))}:${pad(clamp(time.minute, 0, MAX_MINUTE))}`;
}

/** Reads a stored "HH:mm" back into the 12-hour clock the picker shows; undefined when it is not a time. */
export function fromUtcTime(value: unknown): TwelveHourTime | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return undefined;
  const h24 = Number(match[1]);
  const minute = Number(match[2]);
  if (h24 > 23 || minute > MAX_MINUTE) return undefined;
  return { hour: h24 % 12 === 0 ? 12 : h24 % 12, minute, meridiem: h24 < 12 ? 'AM' : 'PM' };
}
