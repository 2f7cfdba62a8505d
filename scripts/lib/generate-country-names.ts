// src/generated/country-names/<lang>.json: each UI language's country names by 3-letter code, as
// i18n-iso-countries gives them (getName); alpha2.json: each 3-letter code's 2-letter one, for the
// platform's names in a language added in the texts console. The portal ships these maps instead of the library and its
// code table: English with the form code, Japanese as a chunk for a Japanese UI only.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import ja from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };

export const COUNTRY_NAME_LANGUAGES = ['en', 'ja'] as const;

countries.registerLocale(en);
countries.registerLocale(ja);

/** Names by alpha-3 code in `lang`; codes the library has no name for are left out. */
export function countryNames(lang: (typeof COUNTRY_NAME_LANGUAGES)[number]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const code of Object.keys(countries.getAlpha3Codes()).sort()) {
    const name = countries.getName(code, lang);
    if (name) names[code] = name;
  }
  return names;
}

/**
 * 3-letter codes to 2-letter ones, for a language the portal has no generated names for (one added in
 * the texts console): the platform's Intl.DisplayNames names regions by their 2-letter code.
 */
export function alpha2Codes(): Record<string, string> {
  const codes: Record<string, string> = {};
  for (const code of Object.keys(countries.getAlpha3Codes()).sort()) {
    const alpha2 = countries.alpha3ToAlpha2(code);
    if (alpha2) codes[code] = alpha2;
  }
  return codes;
}

/** Writes the maps that changed; returns the files written. */
export function generateCountryNames(generatedDir: string): string[] {
  const dir = `${generatedDir}/country-names`;
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const maps: Array<[string, Record<string, string>]> = [
    ...COUNTRY_NAME_LANGUAGES.map((lang) => [lang, countryNames(lang)] as [string, Record<string, string>]),
    ['alpha2', alpha2Codes()],
  ];
  for (const [name, map] of maps) {
    const file = `${dir}/${name}.json`;
    const content = `${JSON.stringify(map, null, 1)}\n`;
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    writeFileSync(file, content);
    written.push(file);
  }
  return written;
}
