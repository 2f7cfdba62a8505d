import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Language, loadLocaleResources } from './locale-resources';

/** An i18next instance with every namespace under locales/, for the form gallery and component tests. */
export function createFormsI18n(lang: Language = 'en'): i18n {
  const resources = loadLocaleResources();
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources,
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'widgets',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
