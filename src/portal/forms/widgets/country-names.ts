import { useEffect, useSyncExternalStore } from 'react';
import en from '../../../generated/country-names/en.json';
import { isPseudoLocale } from '../../../shared/texts/pseudo-tags';
import { loadedOnce } from './loaded-once';

// Names by 3-letter code, generated from i18n-iso-countries by `npm run gen`
// (scripts/lib/generate-country-names.ts), so neither the library nor its code table ships. English
// names come with the form code (English is the fallback language). Other languages' names are a
// chunk each, loaded only for a UI in that language: SchemaForm waits for them with the form's
// definition, so a Japanese form shows Japanese names from its first paint. A language added in the
// texts console (docs/texts.md#languages) has no generated names: the platform names the countries
// in it (Intl.DisplayNames, by each code's 2-letter form, a chunk of its own), English where it has
// no name. A pseudo-locale is English.
type Names = Record<string, string | undefined>;
const loaders: Record<string, () => Promise<Names>> = {
  ja: async () => (await import('../../../generated/country-names/ja.json')).default,
};
const names = loadedOnce<string, Names>([['en', en]]);

const platformNames = (lang: string) => async (): Promise<Names> => {
  const alpha2 = (await import('../../../generated/country-names/alpha2.json')).default as Record<string, string>;
  const display = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
  return Object.fromEntries(Object.entries(alpha2).map(([alpha3, code]) => [alpha3, display.of(code)]));
};

const namesLanguage = (lang: string): string => {
  if (lang.startsWith('ja')) return 'ja';
  if (lang === 'en' || lang.startsWith('en-') || isPseudoLocale(lang)) return 'en';
  try {
    return Intl.DisplayNames.supportedLocalesOf([lang]).length > 0 ? lang : 'en';
  } catch {
    return 'en';
  }
};

/** Registers the country names of the UI language (once); resolves at once for English. */
export function loadCountryNames(lang: string): Promise<void> {
  const language = namesLanguage(lang);
  if (language === 'en') return Promise.resolve();
  return names.load(language, loaders[language] ?? platformNames(language));
}

/** Whether the names of the UI language are registered (English until they are). */
export function countryNamesReady(lang: string): boolean {
  return names.has(namesLanguage(lang));
}

/**
 * The language country names can be shown in now: the UI language once its names are registered
 * (asking for them if nobody has), English until then. Re-renders when they arrive.
 */
export function useCountryNamesLanguage(lang: string): string {
  const ready = useSyncExternalStore(
    names.subscribe,
    () => countryNamesReady(lang),
    () => countryNamesReady(lang),
  );
  useEffect(() => {
    if (!ready) loadCountryNames(lang).catch(() => undefined); // the names stay English
  }, [ready, lang]);
  return ready ? namesLanguage(lang) : 'en';
}

/** The country's name in the given language (English until its names are loaded); undefined for codes without one. */
export function countryName(alpha3: string, lang: string): string | undefined {
  const language = namesLanguage(lang);
  return (names.has(language) ? names.get(language)?.[alpha3] : undefined) ?? names.get('en')?.[alpha3];
}
