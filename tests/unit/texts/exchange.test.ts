import { IMPORT_DEPTH, IMPORT_ITEMS, ImportTooLarge, importTexts, ImportUnreadable } from '../../../src/server/texts/exchange';

// An import file's reading, within its bounds (docs/security.md, "Texts and imports"): nesting up to
// IMPORT_DEPTH and IMPORT_ITEMS elements or entries are read; one more is refused before anything
// walks it, and no depth overflows a stack.

const XLIFF_HEAD = '<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ja">';
const unit = (id: string, target: string) => `<unit id="${id}"><segment><source>x</source><target>${target}</target></segment></unit>`;
/** A file whose unit sits inside `groups` nested groups: xliff, file, groups, unit, segment, target. */
const grouped = (groups: number) =>
  `${XLIFF_HEAD}<file id="validation">${'<group id="g">'.repeat(groups)}${unit('Validation.Required', '必須')}${'</group>'.repeat(groups)}</file></xliff>`;
/** JSON whose text sits `levels` deep: the namespace is level 1, each part of the key one more. */
const nested = (levels: number) => `{"validation":${'{"a":'.repeat(levels - 1)}"x"${'}'.repeat(levels)}`;

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportTooLarge) return { keyword: error.keyword, limit: error.limit };
    if (error instanceof ImportUnreadable) return { unreadable: error.message };
    throw error;
  }
  return undefined;
};

describe('reading an import file within its bounds', () => {
  it('reads JSON nested up to the bound and refuses one level more, at any depth, without recursion', async () => {
    expect(await importTexts('json', 'ja', nested(IMPORT_DEPTH))).toEqual([
      {
        key: `validation:${Array(IMPORT_DEPTH - 1)
          .fill('a')
          .join('.')}`,
        lang: 'ja',
        text: 'x',
      },
    ]);
    expect(await refusal(importTexts('json', 'ja', nested(IMPORT_DEPTH + 1)))).toEqual({ keyword: 'import-depth', limit: IMPORT_DEPTH });
    expect(await refusal(importTexts('json', 'ja', nested(100_000)))).toEqual({ keyword: 'import-depth', limit: IMPORT_DEPTH });
  });

  it('reads JSON of as many entries as the bound and refuses one more', async () => {
    const entries = (n: number) => `{"validation":{${Array.from({ length: n - 1 }, (_, i) => `"k${i}":"x"`).join(',')}}}`;
    expect(await importTexts('json', 'ja', entries(IMPORT_ITEMS))).toHaveLength(IMPORT_ITEMS - 1);
    expect(await refusal(importTexts('json', 'ja', entries(IMPORT_ITEMS + 1)))).toEqual({ keyword: 'import-size', limit: IMPORT_ITEMS });
  });

  it('keeps the file order of JSON texts', async () => {
    const content = JSON.stringify({ validation: { Validation: { B: 'b', A: { Z: 'z', Y: 'y' } } }, mail: { X: 'x' } });
    expect((await importTexts('json', 'ja', content)).map((e) => e.key)).toEqual([
      'validation:Validation.B',
      'validation:Validation.A.Z',
      'validation:Validation.A.Y',
      'mail:X',
    ]);
  });

  it('reads XLIFF nested up to the bound and refuses one element deeper, however deep', async () => {
    // xliff, file, unit, segment, target: 5 levels without groups; a group's units are read in place.
    expect(await importTexts('xliff', 'ja', grouped(IMPORT_DEPTH - 5))).toEqual([{ key: 'validation:Validation.Required', lang: 'ja', text: '必須' }]);
    expect(await refusal(importTexts('xliff', 'ja', grouped(IMPORT_DEPTH - 4)))).toEqual({ keyword: 'import-depth', limit: IMPORT_DEPTH });
    expect(await refusal(importTexts('xliff', 'ja', grouped(90_895)))).toEqual({ keyword: 'import-depth', limit: IMPORT_DEPTH });
  });

  it('reads XLIFF of as many elements as the bound and refuses one more', async () => {
    const wide = (elements: number) => `${XLIFF_HEAD}<file id="validation">${'<a/>'.repeat(elements - 2)}</file></xliff>`;
    expect(await importTexts('xliff', 'ja', wide(IMPORT_ITEMS))).toEqual([]);
    expect(await refusal(importTexts('xliff', 'ja', wide(IMPORT_ITEMS + 1)))).toEqual({ keyword: 'import-size', limit: IMPORT_ITEMS });
  });

  it('refuses what is not XML or JSON as unreadable', async () => {
    expect(await refusal(importTexts('xliff', 'ja', '<xliff'))).toEqual({ unreadable: 'not XLIFF' });
    expect(await refusal(importTexts('xliff', 'ja', `${XLIFF_HEAD}<file id="a"></group></file></xliff>`))).toEqual({ unreadable: 'not XLIFF' });
    expect(await refusal(importTexts('json', 'ja', '{"a":'))).toEqual({ unreadable: 'not JSON' });
  });
});
