import i18next, { type BackendModule, type FormatterModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterStartWhenIdle } from '../ui/scheduling/after-start';
import { ADMIN_NAMESPACES } from '../../shared/texts/namespaces';
import { FIRST_PAINT_NAMESPACES } from './first-paint-namespaces';
import { publishedTexts } from './live-texts';
import { keyMarker } from './show-keys/key-marker';
import { directionOf, fallbacksOf, SOURCE_LANGUAGE, type LiveLanguage, type UiLanguage } from './language';
import type { PseudoMode } from './language-choice';

// One namespace per file under locales/<lang>/ (the languages the portal is built with, English and
// Japanese); new files are picked up without code changes. A language added in the texts console has
// no files: its texts come from the services (./live-texts.ts), for its learners only. Each
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

// With a pseudo-locale chosen, English is read as its pseudo texts (src/shared/pseudo-locale.ts):
// the language stays `en` for everything else (dates, the services, the identity provider).
let pseudoEnglish: PseudoMode | undefined;

// Where a language's texts come from instead of the files and the published version: a draft
// language the localisation role previews (./language-after-sign-in.ts) reads them through the
// role's own call, never the public files.
let textsOf: { tag: string; read: (ns: string) => Promise<Record<string, unknown>> } | undefined;

/**
 * From now on, the language `language` (not live: a draft) is read with `read`, its fallbacks and
 * direction taken as a live language's (a preview in context); the page changes to it.
 */
export async function startPreview(language: LiveLanguage, read: (ns: string) => Promise<Record<string, unknown>>): Promise<void> {
  textsOf = { tag: language.tag, read };
  liveLanguages = [...liveLanguages, language];
  await i18next.changeLanguage(language.tag);
  markPageLanguage(language.tag, language.dir);
}

const localeFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang, ns, done) {
    const bundled = files[fileOf(lang, ns)];
    const none = () => Promise.resolve({});
    // The published texts version's file when texts were published at run time (./live-texts.ts); a
    // failed load falls back to the texts the portal was built with, or to none (the fallback
    // language's then show).
    const load = () =>
      textsOf?.tag === lang
        ? textsOf.read(ns).catch(none)
        : publishedTexts(lang, ns, { bundled: !!bundled }).then(
            (published) => published ?? (bundled ?? none)(),
            () => (bundled ?? none)(),
          );
    load().then(
      (texts) => {
        if (!(pseudoEnglish && lang === SOURCE_LANGUAGE)) return done(null, texts);
        // The pseudo-locale's code is a chunk of its own: only a session that chose it loads it.
        const mode = pseudoEnglish;
        import('../../shared/pseudo-locale').then(
          ({ pseudoTexts, pseudoText, pseudoBidiText }) => done(null, pseudoTexts(texts, mode === 'bidi' ? pseudoBidiText : pseudoText)),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
        );
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

// A number a text shows ({{count}}, {{limit}}) is written as the page's language writes it, through
// Intl (`fr`: 12 345, `ar-EG`: ١٢٬٣٤٥), whatever language the text itself came from (a fallback's);
// any other value is shown as it is.
const numbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format, lng) => (typeof value === 'number' ? new Intl.NumberFormat(lng).format(value) : (value as string)),
};

/** The live languages (the configuration's), which each language's fallbacks and direction are read from. */
let liveLanguages: readonly LiveLanguage[] = [];

/** Marks the page with its language and reading direction (`dir="rtl"` mirrors the whole layout). */
export function markPageLanguage(lang: UiLanguage, dir: 'ltr' | 'rtl'): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
}

/**
 * Starts i18next in `lang`; `pseudo`: English texts in a pseudo-locale (docs/texts.md#pseudo-locale);
 * `live`: the live languages of the configuration.
 */
export async function initI18n(lang: UiLanguage, { pseudo, live = [] }: { pseudo?: PseudoMode; live?: readonly LiveLanguage[] } = {}): Promise<i18n> {
  pseudoEnglish = lang === SOURCE_LANGUAGE ? pseudo : undefined;
  liveLanguages = live;
  await i18next
    .use(localeFiles)
    .use(keyMarker)
    .use(numbers)
    .use(initReactI18next)
    .init({
      lng: lang,
      // Each language's own fallbacks (the texts service's: fr -> en), ending in English.
      fallbackLng: (code: string) => fallbacksOf(code, liveLanguages),
      // A language is its own tag (pt-BR does not also load pt).
      load: 'currentOnly',
      ns: FIRST_PAINT_NAMESPACES,
      defaultNS: 'portal',
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      // "Show keys" (./show-keys/key-marks.ts): a no-op unless the localisation role turned it on.
      postProcess: ['show-keys'],
      postProcessPassResolved: true,
    });
  markPageLanguage(lang, directionOf(lang, live, pseudoEnglish === 'bidi'));
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
