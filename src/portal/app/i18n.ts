import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterStartWhenIdle } from '../ui/scheduling/after-start';
import { ADMIN_NAMESPACES } from '../../shared/texts/namespaces';
import { FIRST_PAINT_NAMESPACES } from './first-paint-namespaces';
import { publishedTexts } from './live-texts';
import { keyMarker } from './show-keys/key-marker';
import type { UiLanguage } from './language';

// One namespace per file under locales/<lang>/; new files are picked up without code changes. Each
// file is its own small chunk: the first page loads only the namespaces it shows (in the UI language
// and in English, the fallback), the rest follow once the browser is idle, and every route other
// than home waits for them before it renders.
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { import: 'default' });
const fileOf = (lang: string, ns: string) => `../../../locales/${lang}/${ns}.json`;

export { FIRST_PAINT_NAMESPACES } from './first-paint-namespaces';
export { ADMIN_NAMESPACES } from '../../shared/texts/namespaces';

/** Every namespace a learner's page may show, named after its English file (the admin area's are not). */
export const ALL_NAMESPACES = Object.keys(files)
  .map((path) => /locales\/en\/([^/]+)\.json$/.exec(path)?.[1])
  .filter((ns): ns is string => ns !== undefined && !ADMIN_NAMESPACES.includes(ns));

// With the pseudo-locale chosen, English is read as its pseudo texts (src/shared/pseudo-locale.ts):
// the language stays `en` for everything else (dates, the services, the identity provider).
let pseudoEnglish = false;

const localeFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang, ns, done) {
    const bundled = files[fileOf(lang, ns)];
    if (!bundled) return done(null, {});
    // The published texts version's file when texts were published at run time (./live-texts.ts); a
    // failed load falls back to the texts the portal was built with.
    const load = () =>
      publishedTexts(lang, ns).then(
        (published) => published ?? bundled(),
        () => bundled(),
      );
    load().then(
      (texts) => {
        if (!(pseudoEnglish && lang === 'en')) return done(null, texts);
        // The pseudo-locale's code is a chunk of its own: only a session that chose it loads it.
        import('../../shared/pseudo-locale').then(
          ({ pseudoTexts }) => done(null, pseudoTexts(texts)),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
        );
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Starts i18next in `lang`; `pseudo`: English texts in the pseudo-locale (docs/texts.md#pseudo-locale). */
export async function initI18n(lang: UiLanguage, { pseudo = false } = {}): Promise<i18n> {
  pseudoEnglish = pseudo && lang === 'en';
  await i18next
    .use(localeFiles)
    .use(keyMarker)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: 'en',
      supportedLngs: ['en', 'ja'],
      ns: FIRST_PAINT_NAMESPACES,
      defaultNS: 'portal',
      interpolation: { escapeValue: false },
      returnNull: false,
      // "Show keys" (./show-keys/key-marks.ts): a no-op unless the localisation role turned it on.
      postProcess: ['show-keys'],
      postProcessPassResolved: true,
    });
  document.documentElement.lang = lang;
  document.title = i18next.t('portal:App.Title');
  return i18next;
}

let everyNamespace: Promise<void> | undefined;

/** Loads every namespace (once); routes await it, so their texts are there when they render. */
export function loadAllNamespaces(): Promise<void> {
  // A failed load is tried again by the next caller.
  everyNamespace ??= i18next.loadNamespaces(ALL_NAMESPACES).catch((error: unknown) => {
    everyNamespace = undefined;
    throw error;
  });
  return everyNamespace;
}

let adminNamespaces: Promise<void> | undefined;

/**
 * Loads the admin area's namespaces (once), for its pages only: with every learner namespace (its
 * forms show those texts), in English and Japanese whatever the UI language, as the admin area shows
 * and previews both.
 */
export function loadAdminNamespaces(): Promise<void> {
  adminNamespaces ??= Promise.all([loadAllNamespaces(), i18next.loadNamespaces(ADMIN_NAMESPACES)])
    .then(() => i18next.loadLanguages(['en', 'ja']))
    .then(
      () => undefined,
      (error: unknown) => {
        adminNamespaces = undefined;
        throw error;
      },
    );
  return adminNamespaces;
}

/**
 * Fetches the text files of every namespace in `lang` and English before i18next has started, so a
 * page that waits for them (every page but home) is not held by i18next's start-up; the loads
 * i18next starts later take the same modules.
 */
export function prefetchAllTexts(lang: UiLanguage): void {
  for (const ns of ALL_NAMESPACES) {
    for (const fileLang of new Set([lang, 'en'])) {
      // A failure shows when i18next loads the file itself.
      files[fileOf(fileLang, ns)]?.().catch(() => undefined);
    }
  }
}

/** The namespaces no first page needs, loaded when the browser is idle after start. */
export function loadAllNamespacesAfterStart(): void {
  afterStartWhenIdle(() => void loadAllNamespaces());
}
