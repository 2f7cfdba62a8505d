import type { TFunction } from 'i18next';
import { serverTranslator } from '../texts/server-texts';

export const SUPPORTED_LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The sign-in pages' texts (locales/<lng>/signin.json) in the published texts version (texts/server-texts.ts). */
export const translator = (lng: Language): TFunction => serverTranslator('signin', lng);

const match = (tag: string): Language | undefined => SUPPORTED_LANGUAGES.find((lng) => tag.toLowerCase() === lng || tag.toLowerCase().startsWith(`${lng}-`));

/** ui_locales (space separated, by preference) decides; Accept-Language only breaks a tie. */
export function pickLanguage(uiLocales: unknown, acceptLanguage?: string): Language {
  const requested = typeof uiLocales === 'string' ? uiLocales.split(' ') : [];
  const accepted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  for (const tag of [...requested, ...accepted]) {
    const lng = match(tag);
    if (lng) return lng;
  }
  return 'en';
}
