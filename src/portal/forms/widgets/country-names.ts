import { useEffect, useSyncExternalStore } from 'react';
import countries, { type LocaleData } from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

// English names ship with the form code (English is the fallback language). Other languages' names
// are a chunk each, loaded only for a UI in that language: SchemaForm waits for them with the
// form's definition, so a Japanese form shows Japanese names from its first paint.
countries.registerLocale(en);

type NamesLanguage = 'en' | 'ja';
const loaders: Record<Exclude<NamesLanguage, 'en'>, () => Promise<{ default: LocaleData }>> = {
  ja: () => import('i18n-iso-countries/langs/ja.json'),
};
const registered = new Set<NamesLanguage>(['en']);
const loading = new Map<NamesLanguage, Promise<void>>();
const listeners = new Set<() => void>();

const namesLanguage = (lang: string): NamesLanguage => (lang.startsWith('ja') ? 'ja' : 'en');

/** Registers the country names of the UI language (once); resolves at once for English. */
export function loadCountryNames(lang: string): Promise<void> {
  const language = namesLanguage(lang);
  if (language === 'en' || registered.has(language)) return Promise.resolve();
  let promise = loading.get(language);
  if (!promise) {
    promise = loaders[language]().then(
      (names) => {
        countries.registerLocale(names.default);
        registered.add(language);
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, promise);
  }
  return promise;
}

/** Whether the names of the UI language are registered (English until they are). */
export function countryNamesReady(lang: string): boolean {
  return registered.has(namesLanguage(lang));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * The language country names can be shown in now: the UI language once its names are registered
 * (asking for them if nobody has), English until then. Re-renders when they arrive.
 */
export function useCountryNamesLanguage(lang: string): NamesLanguage {
  const ready = useSyncExternalStore(subscribe, () => countryNamesReady(lang), () => countryNamesReady(lang));
  useEffect(() => {
    if (!ready) loadCountryNames(lang).catch(() => undefined); // the names stay English
  }, [ready, lang]);
  return ready ? namesLanguage(lang) : 'en';
}

/** The country's name in the given language, from its 3-letter code; undefined for codes the library lacks. */
export function countryName(alpha3: string, lang: string): string | undefined {
  const language = namesLanguage(lang);
  return countries.getName(alpha3, registered.has(language) ? language : 'en') ?? undefined;
}
