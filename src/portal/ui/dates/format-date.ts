import i18next from 'i18next';
import { clockOf, dayOf, isValidDate, parseIsoDate, yearOf } from './iso-date';

// docs/behaviour.md#constants: dates show as yyyy-MMM-dd in upper case (2026-NOV-22); date-times as
// yyyy-MMM-dd hh:mm a (2026-NOV-22 02:05 PM), in the learner's own time zone, in every UI language.
// ./iso-date.ts reads the value and writes the numbers and the day period, the platform's Intl the
// month's English abbreviation: date-fns (its `format`, then its parseISO and lightFormat) was in the
// home page's first load for this alone. tests/unit/portal/format-date.test.ts compares the result
// with date-fns' `format`.
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short' });

// A language added in the texts console (docs/texts.md#languages) writes dates its own way, through
// the platform's Intl in that language ("22 nov. 2026", "22 nov. 2026, 14:05"); English and Japanese
// keep the house format above.
const HOUSE_FORMAT = ['en', 'ja'];
const localFormats = new Map<string, Intl.DateTimeFormat>();
function localFormat(lang: string, withTime: boolean): Intl.DateTimeFormat | undefined {
  if (!lang || HOUSE_FORMAT.includes(lang)) return undefined;
  const id = `${lang} ${withTime}`;
  let format = localFormats.get(id);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}) });
    } catch {
      return undefined;
    }
    localFormats.set(id, format);
  }
  return format;
}

const datePart = (date: Date) => `${yearOf(date)}-${MONTH.format(date).toUpperCase()}-${dayOf(date)}`;

function display(value: string | null | undefined, show: (date: Date) => string): string {
  if (!value) return '';
  const date = parseIsoDate(value);
  return isValidDate(date) ? show(date) : '';
}

export const formatDisplayDate = (value: string | null | undefined): string =>
  display(value, (date) => localFormat(i18next.language, false)?.format(date) ?? datePart(date));

export const formatDisplayDateTime = (value: string | null | undefined): string =>
  display(value, (date) => localFormat(i18next.language, true)?.format(date) ?? `${datePart(date)} ${clockOf(date)}`);
