import { join } from 'node:path';
import i18next, { type FormatterModule, type i18n, type TFunction } from 'i18next';
import { isPseudoLocale, PSEUDO_BIDI } from '../../shared/texts/pseudo-tags';
import { pseudoBidiText, pseudoTexts } from '../../shared/pseudo-locale';
import { projectRoot } from '../runtime-files';
import { fallbackChain, liveLanguageFor, type Direction, type Language } from './languages';
import { languagesIn, namespaceObject, readTexts, SOURCE_LANGUAGE, type Lang, type Texts } from './texts-files';

// The services' own texts (the sign-in pages' `signin`, the e-mails' `mail`) in the published texts
// version and its live languages: the texts service (service.ts) names what is in force here when it
// starts, and each translator asked for afterwards speaks it. A requested language not live is shown
// in its fallback (a language taken down sends its learners there), anything else in English. One
// i18next instance per version and list of languages, kept while used. Before a texts service starts
// (a page rendered in a unit test), the files' texts and languages.

export const SERVER_NAMESPACES = ['signin', 'mail'] as const;
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

export interface ServedTexts {
  hash: string;
  texts: Texts;
  languages: readonly Language[];
}

let source: (() => ServedTexts) | undefined;
let files: ServedTexts | undefined;
const instances = new Map<string, i18n>();

/** The texts service's published version serves the services' texts from now on; the answer undoes it. */
export function serveTextsFrom(current: () => ServedTexts): () => void {
  source = current;
  return () => {
    if (source === current) source = undefined;
  };
}

function served(): ServedTexts {
  if (source) return source();
  if (!files) {
    const dir = join(projectRoot, 'locales');
    const languages = languagesIn(dir).map((tag): Language => ({
      tag,
      state: 'live',
      fallback: tag === SOURCE_LANGUAGE ? null : SOURCE_LANGUAGE,
      direction: 'ltr',
      builtIn: true,
    }));
    files = { hash: 'files', texts: readTexts(dir), languages };
  }
  return files;
}

// A number a text shows (a code's minutes, a count) is written as the page's language writes it,
// through Intl (`fr`: 12 345), as on the portal (src/portal/app/i18n.ts); the pseudo-locale ar-XB is
// English written right to left, with English digits. Numbers that name something (a version) are
// passed as strings.
const numbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format, lng) =>
    typeof value === 'number' ? new Intl.NumberFormat(lng === PSEUDO_BIDI || !lng ? SOURCE_LANGUAGE : lng).format(value) : (value as string),
};

const signature = (version: ServedTexts) => `${version.hash} ${version.languages.map((l) => `${l.tag}:${l.state}:${l.fallback ?? ''}`).join(',')}`;

function instanceOf(version: ServedTexts): i18n {
  const id = signature(version);
  let instance = instances.get(id);
  if (instance) return instance;
  const live = version.languages.filter((l) => l.state === 'live').map((l) => l.tag);
  const namespacesOf = (lng: Lang) => Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, namespaceObject(version.texts.get(lng) ?? new Map(), ns)]));
  instance = i18next.createInstance().use(numbers);
  void instance.init({
    // And the right-to-left pseudo-locale, made from the English (the values it is given are left as they are).
    resources: {
      ...Object.fromEntries(live.map((lng) => [lng, namespacesOf(lng)])),
      [PSEUDO_BIDI]: pseudoTexts(namespacesOf(SOURCE_LANGUAGE), pseudoBidiText),
    },
    supportedLngs: [...live, PSEUDO_BIDI],
    // Each language's own chain (fr -> en; pt-BR -> pt -> en), ending in English.
    fallbackLng: { ...Object.fromEntries(live.map((lng) => [lng, fallbackChain(version.languages, lng).slice(1)])), default: [SOURCE_LANGUAGE] },
    ns: [...SERVER_NAMESPACES],
    defaultNS: 'signin',
    // Pages escape every value when they render and e-mails are plain text: escaping here would double it.
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
  });
  instances.set(id, instance);
  // The version in force and the one before it (a page being rendered across a publish).
  if (instances.size > 2) instances.delete(instances.keys().next().value as string);
  return instance;
}

/** The live languages, the source language first (the sign-in pages' language menu). */
export const liveLanguages = (): Language[] => served().languages.filter((l) => l.state === 'live');

/**
 * The language a request is answered in: the first of the tags asked for (`ui_locales`, then
 * Accept-Language) that is live or has a live fallback; the pseudo-locale ar-XB as itself; else English.
 */
export function servedLanguage(requested: readonly string[]): Lang {
  const { languages } = served();
  for (const tag of requested) {
    if (tag.toLowerCase() === PSEUDO_BIDI.toLowerCase()) return PSEUDO_BIDI;
    if (isPseudoLocale(tag)) return SOURCE_LANGUAGE;
    const lng = liveLanguageFor(languages, tag);
    if (lng) return lng;
  }
  return SOURCE_LANGUAGE;
}

/** A language's reading direction (the pseudo-locale ar-XB is right to left). */
export function directionOfServed(lng: Lang): Direction {
  if (lng === PSEUDO_BIDI) return 'rtl';
  return served().languages.find((l) => l.tag === lng)?.direction ?? 'ltr';
}

/** A language's own name for itself: its text `signin:page.languageName`, else the platform's (Intl.DisplayNames). */
export function languageName(lng: Lang): string {
  const own = served().texts.get(lng)?.get('signin:page.languageName');
  if (own) return own;
  try {
    return new Intl.DisplayNames([lng], { type: 'language' }).of(lng) ?? lng;
  } catch {
    return lng;
  }
}

/**
 * One text of the portal's files (`ns:Key.path`) as the texts version in force has it, in a language
 * or along its fallbacks to English; undefined when no language has it. For e-mails that name what the
 * portal shows (a form's title, a field's label), without a translator per namespace.
 */
export function textIn(lng: Lang, key: string): string | undefined {
  const version = served();
  for (const tag of fallbackChain(version.languages, liveLanguageFor(version.languages, lng) ?? SOURCE_LANGUAGE)) {
    const text = version.texts.get(tag)?.get(key);
    if (text) return text;
  }
  return undefined;
}

/**
 * A namespace's translator in a language (a tag `servedLanguage` answered), in the texts version in
 * force; the pseudo-locale ar-XB is the English written right to left (src/shared/pseudo-locale.ts).
 */
export function serverTranslator(ns: ServerNamespace, lng: Lang): TFunction {
  const instance = instanceOf(served());
  return instance.getFixedT(lng === PSEUDO_BIDI ? PSEUDO_BIDI : (liveLanguageFor(served().languages, lng) ?? SOURCE_LANGUAGE), ns);
}
