import { isValid, lightFormat, parseISO } from 'date-fns';
import i18next from 'i18next';

// docs/behaviour.md#constants: dates show as yyyy-MMM-dd in upper case (2026-NOV-22); date-times as
// yyyy-MMM-dd hh:mm a (2026-NOV-22 02:05 PM), in the learner's own time zone, in every UI language.
// date-fns' lightFormat (no locale data) writes the numbers and the day period, the platform's Intl
// the month's English abbreviation: the full `format` brought its token parser and locale data
// into the home page. tests/unit/portal/format-date.test.ts compares the result with `format`.
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short' });

// A language added in the texts console (docs/texts.md#languages) writes dates its own way, through
// the platform's Intl in that language ("22 nov. 2026", "22 nov. 2026, 14:05"); English and Japanese
// keep the house format above.
const HOUSE_FORMAT = ['en', 'ja'];
const localFormat = (lang: string, withTime: boolean): Intl.DateTimeFormat | undefined =>
  !lang || HOUSE_FORMAT.includes(lang) ? undefined : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: withTime ? 'short' : undefined });

const datePart = (date: Date) => `${lightFormat(date, 'yyyy')}-${MONTH.format(date).toUpperCase()}-${lightFormat(date, 'dd')}`;

function display(value: string | null | undefined, show: (date: Date) => string): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? show(date) : '';
}

export const formatDisplayDate = (value: string | null | undefined): string =>
  display(value, (date) => localFormat(i18next.language, false)?.format(date) ?? datePart(date));

export const formatDisplayDateTime = (value: string | null | undefined): string =>
  display(value, (date) => localFormat(i18next.language, true)?.format(date) ?? `${datePart(date)} ${lightFormat(date, 'hh:mm a')}`);
