import { canonicalTag, completenessOf, directionOf, fallbackChain, liveLanguageFor, type Language } from '../../../src/server/texts/languages';
import type { Texts } from '../../../src/server/texts/texts-files';

// A language of the texts service (src/server/texts/languages.ts): its tag, its direction, how
// complete it is, and where a learner asking for it is sent.

describe('a language tag', () => {
  it('is canonicalised, and refused when malformed, with extensions, a pseudo-locale or unknown to Intl', () => {
    expect(canonicalTag(' PT-br ')).toEqual({ tag: 'pt-BR' });
    expect(canonicalTag('zh-hant-tw')).toEqual({ tag: 'zh-Hant-TW' });
    expect(canonicalTag('en_US')).toEqual({ refused: 'language-tag' });
    expect(canonicalTag('fr-u-ca-buddhist')).toEqual({ refused: 'language-tag' });
    expect(canonicalTag('en-XA')).toEqual({ refused: 'language-tag' });
    expect(canonicalTag('qqq')).toEqual({ refused: 'language-unsupported' });
  });
});

describe('a language’s direction', () => {
  it('is the platform’s text info where it has one', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
    expect(directionOf('en', () => ({ direction: 'rtl' }))).toBe('rtl');
  });

  it('else comes from the likeliest script (Intl.Locale.maximize) and the list of right-to-left scripts', () => {
    const none = () => undefined;
    expect(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'az-Arab', 'pa-Arab', 'ckb'].map((tag) => directionOf(tag, none))).toEqual(Array(10).fill('rtl'));
    expect(['fr', 'ja', 'az', 'pa', 'uz-Cyrl', 'tr'].map((tag) => directionOf(tag, none))).toEqual(Array(6).fill('ltr'));
  });
});

const files: Texts = new Map([
  [
    'en',
    new Map([
      ['portal:A', 'A'],
      ['portal:Items_one', '{{count}} item'],
      ['portal:Items_other', '{{count}} items'],
      ['validation:B', 'B'],
      ['signin:C', 'C'],
      ['mail:D', 'D'],
      ['admin:E', 'E'],
    ]),
  ],
]);

describe('completeness', () => {
  it('counts each area with the language’s own plural forms, leaves the admin area out, and the rest falls back', () => {
    const texts: Texts = new Map([
      ...files,
      [
        'fr',
        new Map([
          ['portal:A', 'A fr'],
          ['portal:Items_many', 'x'],
          ['mail:D', 'D fr'],
          ['admin:E', 'E fr'],
        ]),
      ],
    ]);
    expect(completenessOf(files, texts, 'fr')).toEqual({
      areas: [
        // A, and French's one/many/other of Items.
        { area: 'portal', keys: 4, translated: 2 },
        { area: 'validation', keys: 1, translated: 0 },
        { area: 'signin', keys: 1, translated: 0 },
        { area: 'mail', keys: 1, translated: 1 },
      ],
      fallingBack: 4,
    });
    // Arabic has six plural forms.
    expect(completenessOf(files, texts, 'ar').areas[0]).toEqual({ area: 'portal', keys: 7, translated: 0 });
  });
});

describe('where a learner asking for a language is sent', () => {
  const languages: Language[] = [
    { tag: 'en', state: 'live', fallback: null, direction: 'ltr', builtIn: true },
    { tag: 'fr', state: 'live', fallback: 'en', direction: 'ltr', builtIn: false },
    { tag: 'ar', state: 'draft', fallback: 'fr', direction: 'rtl', builtIn: false },
  ];
  it('to the language when live, else along its fallbacks; a region finds its language', () => {
    expect(liveLanguageFor(languages, 'fr-CA')).toBe('fr');
    expect(liveLanguageFor(languages, 'ar')).toBe('fr');
    expect(liveLanguageFor(languages, 'de')).toBeUndefined();
    expect(liveLanguageFor(languages, 'not a tag')).toBeUndefined();
    expect(fallbackChain(languages, 'ar')).toEqual(['fr', 'en']);
  });
});
