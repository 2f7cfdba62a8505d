import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from './language';

// One namespace per file under locales/<lang>/; new files are picked up without code changes.
// English is the fallback and ships with the app; Japanese is fetched only when chosen.
const english = import.meta.glob<Record<string, unknown>>('../../../locales/en/*.json', {
  eager: true,
  import: 'default',
});
const japanese = import.meta.glob<Record<string, unknown>>('../../../locales/ja/*.json', { import: 'default' });

const namespaceOf = (path: string): string => /([^/]+)\.json$/.exec(path)?.[1] ?? path;

async function japaneseBundle(): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(japanese).map(async ([path, load]) => [namespaceOf(path), await load()] as const),
  );
  return Object.fromEntries(entries);
}

export async function initI18n(lang: UiLanguage): Promise<i18n> {
  const resources: Resource = {
    en: Object.fromEntries(Object.entries(english).map(([path, content]) => [namespaceOf(path), content])),
  };
  if (lang === 'ja') resources.ja = (await japaneseBundle()) as Resource[string];
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ja'],
    resources,
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'portal',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
  document.title = i18next.t('portal:App.Title');
  return i18next;
}
