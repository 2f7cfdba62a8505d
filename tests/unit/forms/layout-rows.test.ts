import { describe, expect, it } from 'vitest';
import { layoutRows, readLayout } from '../../../src/portal/forms/templates/layout-rows';

const fields = (...names: string[]) => names.map((name) => ({ name, item: name }));
const shape = (rows: { item: string; width?: number }[][]) => rows.map((row) => row.map((cell) => (cell.width ? `${cell.item}:${cell.width}` : cell.item)));

describe('declared form rows', () => {
  it('puts a row where its first field stands, sharing the columns left by declared widths', () => {
    const layout = readLayout({ layout: [['firstName', 'middleName', 'lastName', { field: 'suffix', width: 2 }]] });
    expect(shape(layoutRows(fields('title', 'firstName', 'middleName', 'lastName', 'suffix', 'company'), layout))).toEqual([
      ['title'],
      ['firstName:4', 'middleName:3', 'lastName:3', 'suffix:2'],
      ['company'],
    ]);
  });

  it('fills the 12 columns: what does not divide evenly goes to the first shared fields', () => {
    const sum = (row: { width?: number }[]) => row.reduce((total, cell) => total + (cell.width ?? 0), 0);
    const rows = layoutRows(fields('a', 'b', 'c', 'd', 'e'), readLayout({ layout: [['a', 'b', 'c', 'd', 'e']] }));
    expect(shape(rows)).toEqual([['a:3', 'b:3', 'c:2', 'd:2', 'e:2']]);
    expect(sum(rows[0]!)).toBe(12);
    const declared = layoutRows(fields('a', 'b', 'c'), readLayout({ layout: [['a', 'b', { field: 'c', width: 5 }]] }));
    expect(shape(declared)).toEqual([['a:4', 'b:3', 'c:5']]);
  });

  it('drops hidden or absent fields from their row and shares the width anew', () => {
    const layout = readLayout({ layout: [['city', 'state', 'postalCode']] });
    expect(shape(layoutRows(fields('city', 'postalCode'), layout))).toEqual([['city:6', 'postalCode:6']]);
    expect(shape(layoutRows(fields('city'), layout))).toEqual([['city']]);
  });

  it('gathers a row at its first shown field, whatever the order of the row', () => {
    const layout = readLayout({ layout: [['phone', { field: 'countryCode', width: 3 }]] });
    expect(shape(layoutRows(fields('countryCode', 'phone', 'phonetype'), layout))).toEqual([['phone:9', 'countryCode:3'], ['phonetype']]);
  });

  it('without a layout every field keeps its own row', () => {
    expect(shape(layoutRows(fields('a', 'b'), readLayout(undefined)))).toEqual([['a'], ['b']]);
    expect(shape(layoutRows(fields('a', 'b'), readLayout({ layout: 'a b' })))).toEqual([['a'], ['b']]);
  });

  it('reads only rows of names from the ui file, keeping widths within the 12 columns', () => {
    expect(readLayout({ layout: [['a', 1, null, { field: 'b', width: 4 }, { width: 3 }], [], 'c'] })).toEqual([['a', { field: 'b', width: 4 }]]);
    expect(
      shape(
        layoutRows(
          fields('a', 'b'),
          readLayout({
            layout: [
              [
                { field: 'a', width: 40 },
                { field: 'b', width: 0 },
              ],
            ],
          }),
        ),
      ),
    ).toEqual([['a:12', 'b:1']]);
  });
});
