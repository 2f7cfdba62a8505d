import { join } from 'node:path';
import i18next, { type i18n, type TFunction } from 'i18next';
import { projectRoot } from '../runtime-files';
import { LANGUAGES, namespaceObject, readTexts, type Lang, type Texts } from './texts-files';

// The services' own texts (the sign-in pages' `signin`, the e-mails' `mail`) in the published texts
// version: the texts service (service.ts) names the version in force here when it starts, and each
// translator asked for afterwards speaks it. One i18next instance per version hash, kept while used.
// Before a texts service starts (a page rendered in a unit test), the files' texts.

export const SERVER_NAMESPACES = ['signin', 'mail'] as const;
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

export interface ServedTexts {
  hash: string;
  texts: Texts;
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
  files ??= { hash: 'files', texts: readTexts(join(projectRoot, 'locales')) };
  return files;
}

function instanceOf(version: ServedTexts): i18n {
  let instance = instances.get(version.hash);
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      LANGUAGES.map((lng) => [lng, Object.fromEntries(SERVER_NAMESPACES.map((ns) => [ns, namespaceObject(version.texts.get(lng) ?? new Map(), ns)]))]),
    ),
    supportedLngs: [...LANGUAGES],
    fallbackLng: 'en',
    ns: [...SERVER_NAMESPACES],
    defaultNS: 'signin',
    // Pages escape every value when they render and e-mails are plain text: escaping here would double it.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instances.set(version.hash, instance);
  // The version in force and the one before it (a page being rendered across a publish).
  if (instances.size > 2) instances.delete(instances.keys().next().value as string);
  return instance;
}

/** A namespace's translator in a language, in the texts version in force. */
export const serverTranslator = (ns: ServerNamespace, lng: Lang): TFunction => instanceOf(served()).getFixedT(lng, ns);
