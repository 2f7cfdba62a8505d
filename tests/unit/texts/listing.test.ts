import { filterRows, listRows } from '../../../src/server/texts/listing';
import { sourceHash, sourcesFileText, type Lang, type TextChange, type Texts } from '../../../src/server/texts/texts-files';

// The console's rows: missing, stale and overridden, from the published changes and the recorded sources.

const files: Texts = new Map<Lang, Map<string, string>>([
  [
    'en',
    new Map([
      ['p:A', 'Apple'],
      ['p:B', 'Bread'],
      ['p:C', 'Cheese'],
    ]),
  ],
  [
    'ja',
    new Map([
      ['p:A', 'りんご'],
      ['p:B', 'パン'],
    ]),
  ],
]);
const at = '2026-01-01T00:00:00.000Z';
const change = (key: string, lang: Lang, text: string, english: string): TextChange => ({ key, lang, text, source: sourceHash(english), at });
const rows = (texts: Texts, overrides: TextChange[], sources = new Map<string, string>()) =>
  listRows({ base: files, texts, overrides, uses: new Map(), sources, languages: ['en', 'ja'] });
const applied = (changes: TextChange[]): Texts =>
  new Map([...files].map(([lang, c]) => [lang, new Map([...c, ...changes.filter((x) => x.lang === lang).map((x) => [x.key, x.text] as const)])]));

describe('texts rows', () => {
  it('flags missing, overridden and stale', () => {
    const changes = [change('p:A', 'en', 'Green apple', 'Apple'), change('p:B', 'ja', '食パン', 'Bread')];
    const list = rows(applied(changes), changes);
    expect(list.map((r) => [r.key, r.missing, r.overridden, r.stale])).toEqual([
      ['p:A', [], ['en'], true], // the English changed here after the files' Japanese
      ['p:B', [], ['ja'], false], // the Japanese was saved against the English in force
      ['p:C', ['ja'], [], false],
    ]);
    expect(filterRows(list, { filter: 'missing' }).map((r) => r.key)).toEqual(['p:C']);
    expect(filterRows(list, { filter: 'stale' }).map((r) => r.key)).toEqual(['p:A']);
    expect(filterRows(list, { q: 'パン' }).map((r) => r.key)).toEqual(['p:B']);
  });

  it('a Japanese text saved against another English is stale, in the files (recorded sources) or published', () => {
    const recorded = new Map([['ja\u0000p:B', sourceHash('Loaf')]]);
    expect(rows(files, [], recorded).find((r) => r.key === 'p:B')?.stale).toBe(true);
    expect(rows(files, [], new Map([['ja\u0000p:B', sourceHash('Bread')]])).find((r) => r.key === 'p:B')?.stale).toBe(false);
    const old = [change('p:B', 'ja', '食パン', 'Loaf')];
    expect(rows(applied(old), old).find((r) => r.key === 'p:B')?.stale).toBe(true);
  });

  it('records the sources of the translated texts, keys sorted', () => {
    expect(JSON.parse(sourcesFileText(new Map([['ja\u0000p:Z', 'x']]), [change('p:B', 'ja', '食パン', 'Bread'), change('p:A', 'en', 'A', 'Apple')]))).toEqual({
      ja: { 'p:B': sourceHash('Bread'), 'p:Z': 'x' },
    });
  });
});
