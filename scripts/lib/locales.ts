// The locale catalogues for the scripts, read from the project's locales/ by default. The reading
// itself lives with the services (src/server/forms/locale-catalogue.ts), which check message keys
// in drafted rules against the same files.
import * as catalogue from '../../src/server/forms/locale-catalogue';
import { localesDir } from './paths';

export type { Catalogue } from '../../src/server/forms/locale-catalogue';
export { hasKey } from '../../src/server/forms/locale-catalogue';

export const languages = (dir = localesDir): string[] => catalogue.languages(dir);
export const namespaces = (lang: string, dir = localesDir): string[] => catalogue.namespaces(lang, dir);
export const loadCatalogue = (lang: string, dir = localesDir): catalogue.Catalogue => catalogue.loadCatalogue(lang, dir);
