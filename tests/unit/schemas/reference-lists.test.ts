import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import ja from 'i18n-iso-countries/langs/ja.json';
import { schemasDir } from '../../../scripts/lib/paths';
import { countriesSchema } from '../../../scripts/generate-countries';

const read = (file: string) => JSON.parse(readFileSync(join(schemasDir, 'defs', file), 'utf8'));

countries.registerLocale(en);
countries.registerLocale(ja);

describe('countries', () => {
  const codes: string[] = read('countries.schema.json').enum;

  it('is the committed output of generate-countries', () => {
    expect(read('countries.schema.json')).toEqual(countriesSchema());
    expect(codes.length).toBeGreaterThanOrEqual(240);
    expect(codes).toEqual(expect.arrayContaining(['USA', 'CAN', 'JPN', 'ARE']));
  });

  it('has an English and a Japanese name for every code', () => {
    for (const code of codes) {
      const alpha2 = countries.alpha3ToAlpha2(code);
      expect(alpha2, code).toBeTruthy();
      expect(countries.getName(alpha2 as string, 'en'), code).toBeTruthy();
      expect(countries.getName(alpha2 as string, 'ja'), code).toBeTruthy();
    }
  });
});

describe('states and provinces', () => {
  const states: Record<string, { abbreviation: string; country: string; name: string }[]> = read('states.schema.json')['x-states'];
  const countryCodes: string[] = read('countries.schema.json').enum;

  it('covers the nine countries, each entry with abbreviation, country and name', () => {
    expect(Object.keys(states).sort()).toEqual(['AUS', 'BRA', 'CAN', 'CHN', 'IND', 'JPN', 'MEX', 'PAK', 'USA']);
    for (const [country, list] of Object.entries(states)) {
      expect(countryCodes).toContain(country);
      const abbreviations = list.map((s) => s.abbreviation);
      expect(new Set(abbreviations).size, country).toBe(list.length);
      for (const state of list) {
        expect(state.country).toBe(country);
        expect(state.name.length).toBeGreaterThan(1);
        // A state is stored in the state field: at most 50 characters.
        expect(state.abbreviation.length).toBeLessThanOrEqual(50);
      }
    }
  });

  it('has the 50 US states, DC and the armed-forces codes', () => {
    const usa = states.USA?.map((s) => s.abbreviation) ?? [];
    expect(usa).toEqual(expect.arrayContaining(['AA', 'AE', 'AP', 'DC', 'CA', 'NY', 'WY']));
    expect(usa.length).toBeGreaterThanOrEqual(54);
    expect(states.CAN).toHaveLength(13);
    expect(states.JPN).toHaveLength(47);
  });
});

it('lists suffixes, months, phone types and profile languages', () => {
  expect(read('suffixes.schema.json').enum).toEqual(['Sr.', 'Jr.']);
  expect(read('months.schema.json').enum).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  expect(read('phone-types.schema.json').enum).toEqual(['Home', 'Work', 'Cellphone', 'Other', 'Unknown']);
  expect(read('languages.schema.json').enum).toEqual(['en', 'ja', 'zh-Hans', 'zh-Hant', 'ko', 'pt', 'es']);
});
