import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' });

/** The global i18next with every locale file, as the app initialises it (synchronously). */
export function initTestI18n(lang: 'en' | 'ja' = 'en') {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const [, language, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) as unknown as [string, string, string];
    resources[language] = { ...resources[language], [ns]: content };
  }
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
