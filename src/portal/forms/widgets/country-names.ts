import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import ja from 'i18n-iso-countries/langs/ja.json';

countries.registerLocale(en);
countries.registerLocale(ja);

/** The country's name in the UI language, from its 3-letter code; undefined for codes the library lacks. */
export function countryName(alpha3: string, lang: string): string | undefined {
  return countries.getName(alpha3, lang.startsWith('ja') ? 'ja' : 'en') ?? undefined;
}
