/*
 * The layout a ui file declares for a group (`ui:options.layout`): rows of fields side by side on
 * a 12-column grid from 768 px, stacked below. A row is a list of field names, or of
 * `{ "field": name, "width": 1..12 }`; fields without a width share what is left (evenly, the first
 * of them taking any odd column). Fields
 * the layout does not name keep their own row, in `ui:order`.
 *
 *   "ui:options": { "layout": [["firstName", "middleName", "lastName", { "field": "suffix", "width": 2 }]] }
 */

export type LayoutItem = string | { field: string; width?: number };
export interface PlacedField<T> {
  item: T;
  /** Columns of 12 from 768 px; undefined when the field has a row of its own. */
  width?: number;
}

const COLUMNS = 12;
const nameOf = (item: LayoutItem) => (typeof item === 'string' ? item : item.field);
const widthOf = (item: LayoutItem) => (typeof item === 'string' ? undefined : item.width);

/** Reads `ui:options.layout`, ignoring what is not a list of rows of names (a ui file is data). */
export function readLayout(options: Record<string, unknown> | undefined): LayoutItem[][] {
  const layout = options?.layout;
  if (!Array.isArray(layout)) return [];
  return layout
    .filter(Array.isArray)
    .map((row: unknown[]) =>
      row.filter(
        (item): item is LayoutItem =>
          typeof item === 'string' || (typeof item === 'object' && item !== null && typeof (item as { field?: unknown }).field === 'string'),
      ),
    )
    .filter((row) => row.length > 0);
}

/**
 * Groups the shown fields (in their order) into rows: a declared row gathers its fields where the
 * first of them stands; hidden or absent fields drop out of their row, whose widths are shared anew.
 */
export function layoutRows<T>(fields: readonly { name: string; item: T }[], layout: LayoutItem[][]): PlacedField<T>[][] {
  const rowOf = new Map<string, LayoutItem[]>();
  for (const row of layout) for (const item of row) rowOf.set(nameOf(item), row);
  const byName = new Map(fields.map((f) => [f.name, f.item]));
  const done = new Set<LayoutItem[]>();
  const rows: PlacedField<T>[][] = [];
  for (const field of fields) {
    const row = rowOf.get(field.name);
    if (!row) {
      rows.push([{ item: field.item }]);
      continue;
    }
    if (done.has(row)) continue;
    done.add(row);
    const present = row.filter((item) => byName.has(nameOf(item)));
    if (present.length === 1) {
      rows.push([{ item: byName.get(nameOf(present[0] as LayoutItem)) as T }]);
      continue;
    }
    rows.push(widths(present).map((width, i) => ({ item: byName.get(nameOf(present[i] as LayoutItem)) as T, width })));
  }
  return rows;
}

/**
 * Declared widths kept (within 1..12), the rest of the 12 columns shared by the others: equally, the
 * columns that do not divide evenly going one each to the first of them, so the row ends at the
 * grid's right edge.
 */
function widths(row: LayoutItem[]): number[] {
  const declared = row.map((item) => {
    const width = widthOf(item);
    return typeof width === 'number' && Number.isInteger(width) ? Math.min(Math.max(width, 1), COLUMNS) : undefined;
  });
  const taken = declared.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  const open = declared.filter((w) => w === undefined).length;
  const left = Math.max(0, COLUMNS - taken);
  const share = open > 0 ? Math.max(1, Math.floor(left / open)) : 0;
  let extra = open > 0 && share * open < left ? left - share * open : 0;
  return declared.map((w) => {
    if (w !== undefined) return w;
    if (extra === 0) return share;
    extra -= 1;
    return share + 1;
  });
}
