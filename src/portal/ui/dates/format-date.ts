import { isValid, parseISO } from 'date-fns';

// Spec section 9: dates show as yyyy-MMM-dd in upper case (2026-NOV-22); date-times as
// yyyy-MMM-dd hh:mm a (2026-NOV-22 02:05 PM), in the learner's own time zone, in every UI language.
// Written out rather than with date-fns' format, whose token parser and locale data were most of
// the date code on the home page; tests/unit/portal/format-date.test.ts compares the two.
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const datePart = (date: Date) => `${pad(date.getFullYear(), 4)}-${MONTHS[date.getMonth()]}-${pad(date.getDate())}`;
const timePart = (date: Date) => `${pad(date.getHours() % 12 || 12)}:${pad(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;

function display(value: string | null | undefined, show: (date: Date) => string): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? show(date) : '';
}

export const formatDisplayDate = (value: string | null | undefined): string => display(value, datePart);

export const formatDisplayDateTime = (value: string | null | undefined): string =>
  display(value, (date) => `${datePart(date)} ${timePart(date)}`);
