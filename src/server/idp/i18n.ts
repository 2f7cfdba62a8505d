import type { TFunction } from 'i18next';
import { directionOfServed, languageName, liveLanguages, servedLanguage, serverTranslator } from '../texts/server-texts';

/**
 * A language of the sign-in pages: a live language of the texts service (docs/texts.md#languages), or
 * the right-to-left pseudo-locale ar-XB. The list is the texts service's; the pages keep none.
 */
export type Language = string;

/** The sign-in pages' texts (locales/<lng>/signin.json) in the published texts version (texts/server-texts.ts). */
export const translator = (lng: Language): TFunction => serverTranslator('signin', lng);

/** The languages the pages offer, each with its own name for itself. */
export const offeredLanguages = (): Array<{ tag: Language; name: string }> => liveLanguages().map((l) => ({ tag: l.tag, name: languageName(l.tag) }));

/** A language's reading direction, for the page's `dir`. */
export const directionOf = (lng: Language) => directionOfServed(lng);

/**
 * ui_locales (space separated, by preference) decides; Accept-Language only breaks a tie. A tag of a
 * language that is not live is answered in its fallback; one the list does not know is passed over.
 */
export function pickLanguage(uiLocales: unknown, acceptLanguage?: string): Language {
  const requested = typeof uiLocales === 'string' ? uiLocales.split(' ').filter(Boolean) : [];
  const accepted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  return servedLanguage([...requested, ...accepted]);
}
