import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { projectRoot } from '../runtime-files';

export const SUPPORTED_LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

const load = (lng: Language) => JSON.parse(readFileSync(join(projectRoot, 'locales', lng, 'signin.json'), 'utf8'));

const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(SUPPORTED_LANGUAGES.map((lng) => [lng, { signin: load(lng) }])),
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: 'en',
  ns: ['signin'],
  defaultNS: 'signin',
  // Pages escape every value when they render; escaping here too would double it.
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const translator = (lng: Language): TFunction => i18n.getFixedT(lng, 'signin');

const match = (tag: string): Language | undefined =>
  SUPPORTED_LANGUAGES.find((lng) => tag.toLowerCase() === lng || tag.toLowerCase().startsWith(`${lng}-`));

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
