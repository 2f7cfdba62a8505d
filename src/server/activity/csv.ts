import { stringify } from 'csv-stringify/sync';
import type { SummedCount } from './store';

// Form activity for analysts (docs/admin-area.md, "Evidence: form activity"): the daily counts as
// CSV. csv-stringify quotes what needs quoting (commas, quotes, line breaks); a cell a spreadsheet
// would read as a formula (starting with =, +, -, @, a tab or a carriage return) is written with a
// leading apostrophe, so opening the file never runs one.

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A text cell as a spreadsheet may show it: never a formula. */
export const guardCell = (value: string): string => (value.length > 0 && FORMULA_START.has(value[0]!) ? `'${value}` : value);

export const CSV_COLUMNS = ['day', 'event', 'form', 'field', 'messageKey', 'modal', 'count'] as const;

export function activityCsv(rows: ReadonlyArray<SummedCount & { day: string }>): string {
  return stringify(
    rows.map((r) => [r.day, r.event, r.form, r.field, r.messageKey, r.modal].map(guardCell).concat(String(r.count))),
    { header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows', quoted_match: /[\s,"]/ },
  );
}
