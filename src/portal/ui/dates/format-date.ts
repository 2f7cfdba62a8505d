import { format, isValid, parseISO } from 'date-fns';

// Spec section 9: dates show as yyyy-MMM-dd in upper case (2026-NOV-22); date-times as
// yyyy-MMM-dd hh:mm a (2026-NOV-22 02:05 PM), in the learner's own time zone.

function display(value: string | null | undefined, pattern: string): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, pattern).toUpperCase() : '';
}

export const formatDisplayDate = (value: string | null | undefined): string => display(value, 'yyyy-MMM-dd');

export const formatDisplayDateTime = (value: string | null | undefined): string => display(value, 'yyyy-MMM-dd hh:mm a');
