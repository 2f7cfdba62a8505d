import { suggestions } from '../../../src/server/texts/memory';
import type { Texts } from '../../../src/server/texts/texts-files';
import { glossaryWarnings } from '../../../src/shared/text-checks';

// Translation memory (src/server/texts/memory.ts) and the glossary's warning (src/shared/text-checks.ts).

const texts: Texts = new Map([
  [
    'en',
    new Map([
      ['a:Save', 'Save'],
      ['b:Save', 'Save'],
      ['c:SaveChanges', 'Save changes'],
      ['c:SaveChange', 'Save change'],
      ['d:Cancel', 'Cancel'],
      ['e:Items_one', '{{count}} item'],
      ['e:Items_other', '{{count}} items'],
    ]),
  ],
  [
    'fr',
    new Map([
      ['b:Save', 'Enregistrer'],
      ['c:SaveChanges', 'Enregistrer les modifications'],
      ['d:Cancel', 'Annuler'],
      ['e:Items_many', '{{count}} éléments'],
    ]),
  ],
]);

describe('translation memory', () => {
  it('offers the text of another key with the same English first, then close ones, never far ones', () => {
    expect(suggestions(texts, 'a:Save', 'fr')).toEqual([{ key: 'b:Save', english: 'Save', text: 'Enregistrer', score: 1 }]);
    const close = suggestions(texts, 'c:SaveChange', 'fr');
    expect(close).toEqual([{ key: 'c:SaveChanges', english: 'Save changes', text: 'Enregistrer les modifications', score: expect.any(Number) }]);
    expect(close[0]!.score).toBeGreaterThan(0.9);
    expect(close[0]!.score).toBeLessThan(1);
    expect(suggestions(texts, 'a:Save', 'de')).toEqual([]);
  });

  it('compares a plural form by its English `_other`', () => {
    expect(suggestions(texts, 'e:Items_other', 'fr')).toEqual([{ key: 'e:Items_many', english: '{{count}} items', text: '{{count}} éléments', score: 1 }]);
  });
});

describe('the glossary at the field', () => {
  const glossary = [
    { term: 'access key', lang: 'fr', translation: 'clé d’accès' },
    { term: 'key', lang: 'fr', translation: 'clé' },
    { term: 'access key', lang: 'ja', translation: 'アクセスキー' },
  ];
  const warned = (text: string, english: string, lang = 'fr') => glossaryWarnings({ text, english, lang, glossary }).map((w) => w.params?.term);

  it('warns when the English has a term whose agreed translation the text leaves out', () => {
    expect(warned('Saisissez votre code', 'Enter your access key')).toEqual(['access key', 'key']);
    expect(warned('Saisissez votre Clé d’accès', 'Enter your Access Key')).toEqual([]);
    expect(warned('コードを入力', 'Enter your access key', 'ja')).toEqual(['access key']);
    expect(warned('アクセスキーを入力', 'Enter your access key', 'ja')).toEqual([]);
  });

  it('takes a term as a whole word only, and says nothing for a language without its translation', () => {
    expect(warned('Clavier', 'Keyboard')).toEqual([]);
    expect(warned('Code', 'Enter your access key', 'de')).toEqual([]);
    expect(glossaryWarnings({ text: 'x', english: 'access key', lang: 'fr', glossary })[0]).toEqual({
      keyword: 'glossary',
      key: 'Texts.Warning.Glossary',
      params: { term: 'access key', translation: 'clé d’accès' },
    });
  });
});
