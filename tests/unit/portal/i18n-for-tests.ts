import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLocaleResources } from '../../../src/portal/forms/i18n/locale-resources';

/**
 * The global i18next with every locale file, as the app initialises it (synchronously): toasts and
 * other code that use the global instance read it. Component tests that need an instance of their
 * own use createFormsI18n (src/portal/forms/i18n/create-forms-i18n.ts), from the same resources.
 */
export function initTestI18n(lang: 'en' | 'ja' = 'en') {
  const resources = loadLocaleResources();
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources,
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'portal',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18next;
}
