// A wall-clock time in an IANA time zone ("2026-12-01 09:00 Europe/London") as an instant, with the
// platform's Intl data: the zone must be one Intl knows, and the time one that exists there (the
// hour a clock skips in spring has none; of the hour it repeats in autumn, the first is taken).

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether Intl knows the zone (its canonical names and their aliases, such as UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const w = wallClock(instant, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant of `date` (YYYY-MM-DD) `time` (HH:MM or HH:MM:SS) in `zone`; undefined when there is none. */
export function zonedInstant(date: string, time: string, zone: string): Date | undefined {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t || !isTimeZone(zone)) return undefined;
  const [year, month, day, hour, minute, second] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (hour > 23 || minute > 59 || second > 59 || new Date(asUtc).getUTCDate() !== day || new Date(asUtc).getUTCMonth() !== month - 1) return undefined;
  // Of the offsets around that wall time, the earliest instant that shows it on the zone's clock.
  const candidates = [...new Set([offsetAt(asUtc - 86_400_000, zone), offsetAt(asUtc, zone), offsetAt(asUtc + 86_400_000, zone)])]
    .map((offset) => asUtc - offset)
    .sort((a, b) => a - b);
  for (const instant of candidates) {
    const w = wallClock(instant, zone);
    if (w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute && w.second === second) return new Date(instant);
  }
  return undefined;
}
