import { describe, expect, it } from 'vitest';
import type { LanguageNotLive } from '../../../src/portal/clients/config';
import { directionOf, fallbacksOf, plainLanguage, type LiveLanguage } from '../../../src/portal/app/language';
import { chooseLanguage, previewWished } from '../../../src/portal/app/language-choice';

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

// As start-up reads it (src/portal/app/boot.tsx): the first load's common case, else language-choice.ts.
const detect = (search: string, storage: ReturnType<typeof memory>, live: readonly LiveLanguage[], notLive: readonly LanguageNotLive[] = []) =>
  plainLanguage(search, storage, live) ?? chooseLanguage(search, storage, live, notLive).lang;
const pseudoOf = (storage: ReturnType<typeof memory>) => chooseLanguage('', storage, LIVE).pseudo;

describe('UI language', () => {
  it('comes from ui_locales and is kept for the session', () => {
    const storage = memory();
    expect(detect('?ui_locales=ja', storage, LIVE)).toBe('ja');
    expect(detect('', storage, LIVE)).toBe('ja');
    expect(detect('?ui_locales=en-US', storage, LIVE)).toBe('en');
    expect(detect('', storage, LIVE)).toBe('en');
  });

  it('reads the common case in the first load: nothing asked for, or a live language by its own tag', () => {
    const storage = memory();
    expect(plainLanguage('', storage, LIVE)).toBe('en');
    expect(plainLanguage('?ui_locales=ja', storage, LIVE)).toBe('ja');
    expect(plainLanguage('', storage, LIVE)).toBe('ja');
    // Anything else is language-choice.ts's.
    expect(plainLanguage('?ui_locales=ja-JP', storage, LIVE)).toBeNull();
    expect(plainLanguage('?ui_locales=en-XA', storage, LIVE)).toBeNull();
    expect(plainLanguage('?ui_locales=fr', storage, LIVE)).toBeNull();
  });

  it('defaults to English and ignores languages the portal does not have', () => {
    const storage = memory();
    expect(detect('', storage, LIVE)).toBe('en');
    expect(detect('?ui_locales=ko', storage, LIVE)).toBe('en');
    expect(detect('?ui_locales=ja-JP%20en', storage, LIVE)).toBe('ja');
  });

  it('keeps the pseudo-locale for the session as English texts made pseudo, until another language is asked for', () => {
    const storage = memory();
    expect(pseudoOf(storage)).toBeUndefined();
    expect(detect('?ui_locales=en-XA', storage, LIVE)).toBe('en');
    expect(pseudoOf(storage)).toBe('accented');
    expect(detect('', storage, LIVE)).toBe('en');
    expect(pseudoOf(storage)).toBe('accented');
    expect(detect('?ui_locales=ja', storage, LIVE)).toBe('ja');
    expect(pseudoOf(storage)).toBeUndefined();
    expect(detect('?ui_locales=en-xa%20ja', storage, LIVE)).toBe('en');
    expect(pseudoOf(storage)).toBe('accented');
    // Only the pseudo-locale's own code: any other English is English.
    expect(detect('?ui_locales=en-GB', storage, LIVE)).toBe('en');
    expect(pseudoOf(storage)).toBeUndefined();
  });

  it('offers any live language of the configuration, and nothing else', () => {
    const storage = memory();
    expect(detect('?ui_locales=fr', storage, LIVE)).toBe('en');
    expect(detect('?ui_locales=fr-CA', storage, WITH_FRENCH)).toBe('fr');
    expect(detect('', storage, WITH_FRENCH)).toBe('fr');
    expect(previewWished(storage, WITH_FRENCH)).toBeNull();
    // Taken down, with English as its fallback: English, the choice kept (it comes back when the language is live again).
    expect(detect('', storage, LIVE)).toBe('en');
    expect(previewWished(storage, LIVE)).toBe('fr');
    expect(detect('', storage, WITH_FRENCH)).toBe('fr');
  });

  it('shows a language taken down in the live language the configuration sends its learners to (its fallback), the choice kept', () => {
    // Arabic taken down, its fallback French live: the configuration names where its learners go.
    const live = WITH_FRENCH.filter((l) => l.tag !== 'ar');
    const notLive = [{ tag: 'ar', shownIn: 'fr' }];
    const storage = memory();
    expect(detect('?ui_locales=ar', storage, WITH_FRENCH)).toBe('ar');
    // The tab's next page, and a tab opened from it later (the session's storage goes with it).
    expect(detect('', storage, live, notLive)).toBe('fr');
    expect(detect('', storage, live, notLive)).toBe('fr');
    expect(directionOf('fr', live)).toBe('ltr');
    // ?ui_locales=ar asked again while it is down, or with a region.
    expect(detect('?ui_locales=ar', memory(), live, notLive)).toBe('fr');
    expect(detect('?ui_locales=ar-EG', memory(), live, notLive)).toBe('fr');
    // Nothing lost: the wish stays, it is Arabic again once live.
    expect(previewWished(storage, live)).toBe('ar');
    expect(detect('', storage, WITH_FRENCH)).toBe('ar');
    // A fallback that is not live (a stale configuration) is English, never an error.
    expect(detect('', storage, LIVE, notLive)).toBe('en');
  });

  it('takes a draft language as a wish to preview it, shown in English meanwhile', () => {
    const storage = memory();
    expect(detect('?ui_locales=PT-br', storage, LIVE)).toBe('en');
    expect(previewWished(storage, LIVE)).toBe('pt-BR');
    expect(detect('?ui_locales=not%20a%20tag!', storage, LIVE)).toBe('en');
  });

  it('keeps the right-to-left pseudo-locale as English texts on a right-to-left page', () => {
    const storage = memory();
    expect(detect('?ui_locales=ar-XB', storage, LIVE)).toBe('en');
    expect(pseudoOf(storage)).toBe('bidi');
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
