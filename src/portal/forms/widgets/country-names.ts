import { useEffect, useSyncExternalStore } from 'react';
import en from '../../../generated/country-names/en.json';
import { loadedOnce } from './loaded-once';

// Names by 3-letter code, generated from i18n-iso-countries by `npm run gen`
// (scripts/lib/generate-country-names.ts), so neither the library nor its code table ships. English
// names come with the form code (English is the fallback language). Other languages' names are a
// chunk each, loaded only for a UI in that language: SchemaForm waits for them with the form's
// definition, so a Japanese form shows Japanese names from its first paint.
type Names = Record<string, string | undefined>;
type NamesLanguage = 'en' | 'ja';
const loaders: Record<Exclude<NamesLanguage, 'en'>, () => Promise<{ default: Names }>> = {
  ja: () => import('../../../generated/country-names/ja.json'),
};
const names = loadedOnce<NamesLanguage, Names>([['en', en]]);

const namesLanguage = (lang: string): NamesLanguage => (lang.startsWith('ja') ? 'ja' : 'en');

/** Registers the country names of the UI language (once); resolves at once for English. */
export function loadCountryNames(lang: string): Promise<void> {
  const language = namesLanguage(lang);
  if (language === 'en') return Promise.resolve();
  const loader = loaders[language];
  return names.load(language, async () => (await loader()).default);
}

/** Whether the names of the UI language are registered (English until they are). */
export function countryNamesReady(lang: string): boolean {
  return names.has(namesLanguage(lang));
}

/**
 * The language country names can be shown in now: the UI language once its names are registered
 * (asking for them if nobody has), English until then. Re-renders when they arrive.
 */
export function useCountryNamesLanguage(lang: string): NamesLanguage {
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
  return names.get(names.has(language) ? language : 'en')?.[alpha3];
}
