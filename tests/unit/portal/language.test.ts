import { describe, expect, it } from 'vitest';
import { detectLanguage, directionOf, fallbacksOf, previewWished, pseudoBidiChosen, pseudoLocaleChosen } from '../../../src/portal/app/language';

// The live languages as the configuration lists them (the texts service's list).
const LIVE = [
  { tag: 'en', dir: 'ltr' as const, fallback: null },
  { tag: 'ja', dir: 'ltr' as const, fallback: 'en' },
];
const WITH_FRENCH = [...LIVE, { tag: 'fr', dir: 'ltr' as const, fallback: 'en' }, { tag: 'ar', dir: 'rtl' as const, fallback: 'fr' }];

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('UI language', () => {
  it('comes from ui_locales and is kept for the session', () => {
    const storage = memory();
    expect(detectLanguage('?ui_locales=ja', storage, LIVE)).toBe('ja');
    expect(detectLanguage('', storage, LIVE)).toBe('ja');
    expect(detectLanguage('?ui_locales=en-US', storage, LIVE)).toBe('en');
    expect(detectLanguage('', storage, LIVE)).toBe('en');
  });

  it('defaults to English and ignores languages the portal does not have', () => {
    const storage = memory();
    expect(detectLanguage('', storage, LIVE)).toBe('en');
    expect(detectLanguage('?ui_locales=ko', storage, LIVE)).toBe('en');
    expect(detectLanguage('?ui_locales=ja-JP%20en', storage, LIVE)).toBe('ja');
  });

  it('keeps the pseudo-locale for the session as English texts made pseudo, until another language is asked for', () => {
    const storage = memory();
    expect(pseudoLocaleChosen(storage)).toBe(false);
    expect(detectLanguage('?ui_locales=en-XA', storage, LIVE)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(true);
    expect(detectLanguage('', storage, LIVE)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(true);
    expect(detectLanguage('?ui_locales=ja', storage, LIVE)).toBe('ja');
    expect(pseudoLocaleChosen(storage)).toBe(false);
    expect(detectLanguage('?ui_locales=en-xa%20ja', storage, LIVE)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(true);
    // Only the pseudo-locale's own code: any other English is English.
    expect(detectLanguage('?ui_locales=en-GB', storage, LIVE)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(false);
  });

  it('offers any live language of the configuration, and nothing else', () => {
    const storage = memory();
    expect(detectLanguage('?ui_locales=fr', storage, LIVE)).toBe('en');
    expect(detectLanguage('?ui_locales=fr-CA', storage, WITH_FRENCH)).toBe('fr');
    expect(detectLanguage('', storage, WITH_FRENCH)).toBe('fr');
    expect(previewWished(storage, WITH_FRENCH)).toBeNull();
    // Taken down: English, the choice kept (it comes back when the language is live again).
    expect(detectLanguage('', storage, LIVE)).toBe('en');
    expect(previewWished(storage, LIVE)).toBe('fr');
    expect(detectLanguage('', storage, WITH_FRENCH)).toBe('fr');
  });

  it('takes a draft language as a wish to preview it, shown in English meanwhile', () => {
    const storage = memory();
    expect(detectLanguage('?ui_locales=PT-br', storage, LIVE)).toBe('en');
    expect(previewWished(storage, LIVE)).toBe('pt-BR');
    expect(detectLanguage('?ui_locales=not%20a%20tag!', storage, LIVE)).toBe('en');
  });

  it('keeps the right-to-left pseudo-locale as English texts on a right-to-left page', () => {
    const storage = memory();
    expect(detectLanguage('?ui_locales=ar-XB', storage, LIVE)).toBe('en');
    expect(pseudoBidiChosen(storage)).toBe(true);
    expect(pseudoLocaleChosen(storage)).toBe(false);
    expect(directionOf('en', LIVE, true)).toBe('rtl');
    expect(directionOf('ar', WITH_FRENCH)).toBe('rtl');
    expect(directionOf('fr', WITH_FRENCH)).toBe('ltr');
  });

  it('falls back along each language’s fallbacks to English', () => {
    expect(fallbacksOf('ar', WITH_FRENCH)).toEqual(['fr', 'en']);
    expect(fallbacksOf('ja', WITH_FRENCH)).toEqual(['en']);
    expect(fallbacksOf('en', WITH_FRENCH)).toEqual([]);
  });
});
