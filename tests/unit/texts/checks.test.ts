import { checkTexts, warningsOf } from '../../../src/server/texts/checks';
import { markupOf } from '../../../src/shared/text-checks';
import type { Lang, Texts } from '../../../src/server/texts/texts-files';

// What a text may be (docs/admin-area.md, "Texts"): one case per check, on a small set of texts.

const texts: Texts = new Map<Lang, Map<string, string>>([
  [
    'en',
    new Map([
      ['profile:City.Error', 'At most {{limit}} characters, {{name}}'],
      ['profile:City.Label', 'City'],
      ['profile:Hint', 'See <1>the guide</1> and $t(portal:Help)'],
      ['admin:Count_one', '{{count}} field'],
      ['admin:Count_other', '{{count}} fields'],
    ]),
  ],
  [
    'ja',
    new Map([
      ['profile:City.Error', '{{limit}} 文字以内、{{name}}'],
      ['profile:City.Label', '市区町村'],
      ['profile:Hint', '<1>ガイド</1>と $t(portal:Help) を参照'],
      ['admin:Count_other', '{{count}} 個'],
    ]),
  ],
]);
const LANGS = ['en', 'ja'];
const check = (key: string, text: string, lang: Lang = 'ja') => checkTexts(texts, texts, [{ key, lang, text }], LANGS);
const keywords = (key: string, text: string, lang: Lang = 'ja') => check(key, text, lang).refusals.map((r) => r.keyword);

describe('text checks', () => {
  it('takes a text with the English placeholders, nesting and markup', () => {
    expect(check('profile:City.Error', '{{name}} さん、{{limit}} 文字まで')).toEqual({ refusals: [], warnings: [] });
    expect(check('profile:Hint', '$t(portal:Help) と <1>案内</1>')).toEqual({ refusals: [], warnings: [] });
  });

  it('refuses a missing, renamed or extra placeholder', () => {
    expect(keywords('profile:City.Error', '{{limit}} 文字以内')).toEqual(['placeholders']);
    expect(check('profile:City.Error', '{{max}} 文字、{{name}}').refusals[0]).toMatchObject({
      path: '/changes/0/text',
      key: 'Texts.Refusal.Placeholders',
      params: { expected: '{{limit}}, {{name}}', found: '{{max}}, {{name}}' },
    });
    expect(keywords('profile:City.Label', '{{city}}')).toEqual(['placeholders']);
  });

  it('refuses other nesting than the English', () => {
    expect(keywords('profile:Hint', '<1>ガイド</1>')).toEqual(['nesting']);
    expect(keywords('profile:City.Label', '$t(portal:Help)')).toEqual(['nesting']);
  });

  it('refuses markup the English does not have, entities included', () => {
    expect(check('profile:City.Label', '<b>市</b>').refusals[0]).toMatchObject({ keyword: 'markup', key: 'Texts.Refusal.Markup', params: { found: '<b>' } });
    expect(keywords('profile:City.Label', '<script>alert(1)</script>')).toEqual(['markup']);
    expect(keywords('profile:City.Label', 'A &amp; B')).toEqual(['markup']);
    expect(keywords('profile:Hint', '<2>ガイド</2> $t(portal:Help)')).toEqual(['markup']);
    // A lone comparison sign is text.
    expect(keywords('profile:City.Label', 'a < b > c')).toEqual([]);
    expect(markupOf('x <a href="y">z</a> &#60;')).toEqual(['<a href="y">', '</a>', '&#60;']);
  });

  it('refuses unknown keys and languages, plural forms the language lacks, empty and twice-changed texts', () => {
    expect(keywords('profile:Nope', 'x')).toEqual(['unknown-key']);
    expect(keywords('admin:Count_few', '{{count}}')).toEqual(['plural-form']);
    // English has `_one`; a Japanese `_one` is a form the files may carry (they do, npm run check:locales).
    expect(keywords('admin:Count_one', '{{count}} 個')).toEqual([]);
    expect(keywords('profile:City.Label', '   ')).toEqual(['empty']);
    expect(checkTexts(texts, texts, [{ key: 'profile:City.Label', lang: 'fr' as Lang, text: 'Ville' }], LANGS).refusals[0]).toMatchObject({
      path: '/changes/0/lang',
      keyword: 'unknown-lang',
    });
    const twice = checkTexts(
      texts,
      texts,
      [
        { key: 'profile:City.Label', lang: 'ja', text: 'a' },
        { key: 'profile:City.Label', lang: 'ja', text: 'b' },
      ],
      LANGS,
    );
    expect(twice.refusals).toEqual([
      { path: '/changes/1/key', change: 1, keyword: 'duplicate', key: 'Texts.Refusal.Duplicate', params: { textKey: 'profile:City.Label', lang: 'ja' } },
    ]);
  });

  it('compares with the draft’s own English, and an English text with the English in force', () => {
    const both = checkTexts(
      texts,
      texts,
      [
        { key: 'profile:City.Label', lang: 'en', text: 'City' },
        { key: 'profile:City.Label', lang: 'ja', text: '市' },
      ],
      LANGS,
    );
    expect(both.refusals).toEqual([]);
    expect(keywords('profile:City.Error', 'At most {{max}}', 'en')).toEqual(['placeholders']);
  });

  it('warns, without refusing, of a text much longer than the English', () => {
    const long = check('profile:City.Label', '市区町村'.repeat(10));
    expect(long.refusals).toEqual([]);
    expect(long.warnings).toEqual([
      {
        path: '/changes/0/text',
        change: 0,
        keyword: 'length',
        key: 'Texts.Warning.Longer',
        params: { textKey: 'profile:City.Label', lang: 'ja', length: 40, english: 4 },
      },
    ]);
  });

  it("gives a saved draft's warnings without its checks, as the checks gave them", () => {
    const changes = [
      { key: 'profile:City.Label', lang: 'en' as const, text: 'Town' },
      { key: 'profile:City.Label', lang: 'ja' as const, text: '市区町村'.repeat(10) },
      { key: 'profile:City.Error', lang: 'ja' as const, text: '{{limit}} 文字以内、{{name}}' },
    ];
    expect(checkTexts(texts, texts, changes, LANGS).refusals).toEqual([]);
    expect(warningsOf(texts, changes)).toEqual(checkTexts(texts, texts, changes, LANGS).warnings);
    expect(warningsOf(texts, changes)).toHaveLength(1);
  });
});
