import { describe, expect, it } from 'vitest';
import { detectLanguage, pseudoLocaleChosen } from '../../../src/portal/app/language';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('UI language', () => {
  it('comes from ui_locales and is kept for the session', () => {
    const storage = memory();
    expect(detectLanguage('?ui_locales=ja', storage)).toBe('ja');
    expect(detectLanguage('', storage)).toBe('ja');
    expect(detectLanguage('?ui_locales=en-US', storage)).toBe('en');
    expect(detectLanguage('', storage)).toBe('en');
  });

  it('defaults to English and ignores languages the portal does not have', () => {
    const storage = memory();
    expect(detectLanguage('', storage)).toBe('en');
    expect(detectLanguage('?ui_locales=ko', storage)).toBe('en');
    expect(detectLanguage('?ui_locales=ja-JP%20en', storage)).toBe('ja');
  });

  it('keeps the pseudo-locale for the session as English texts made pseudo, until another language is asked for', () => {
    const storage = memory();
    expect(pseudoLocaleChosen(storage)).toBe(false);
    expect(detectLanguage('?ui_locales=en-XA', storage)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(true);
    expect(detectLanguage('', storage)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(true);
    expect(detectLanguage('?ui_locales=ja', storage)).toBe('ja');
    expect(pseudoLocaleChosen(storage)).toBe(false);
    expect(detectLanguage('?ui_locales=en-xa%20ja', storage)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(true);
    // Only the pseudo-locale's own code: any other English is English.
    expect(detectLanguage('?ui_locales=en-GB', storage)).toBe('en');
    expect(pseudoLocaleChosen(storage)).toBe(false);
  });
});
