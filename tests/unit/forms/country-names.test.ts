import { describe, expect, it } from 'vitest';
import { countryName, countryNamesReady, loadCountryNames } from '../../../src/portal/forms/widgets/country-names';

describe('country names', () => {
  it('names countries in English at once, in Japanese once their chunk is loaded', async () => {
    expect(countryName('JPN', 'en')).toBe('Japan');
    expect(countryNamesReady('en')).toBe(true);
    expect(countryNamesReady('ja')).toBe(false);
    expect(countryName('JPN', 'ja')).toBe('Japan');
    await loadCountryNames('ja');
    expect(countryNamesReady('ja')).toBe(true);
    expect(countryName('JPN', 'ja')).toBe('日本');
    expect(countryName('USA', 'ja')).toBe('アメリカ合衆国');
    expect(countryName('XXX', 'en')).toBeUndefined();
  });
});

describe('generated country names', () => {
  it('are what i18n-iso-countries names, for every code of the country list', async () => {
    const { default: countries } = await import('i18n-iso-countries');
    countries.registerLocale((await import('i18n-iso-countries/langs/en.json')).default);
    countries.registerLocale((await import('i18n-iso-countries/langs/ja.json')).default);
    await loadCountryNames('ja');
    const { enum: codes } = (await import('../../../schemas/defs/countries.schema.json')).default as { enum: string[] };
    expect(codes.length).toBeGreaterThan(200);
    for (const code of [...codes, 'XXX']) {
      expect(countryName(code, 'en'), code).toBe(countries.getName(code, 'en'));
      expect(countryName(code, 'ja'), code).toBe(countries.getName(code, 'ja'));
    }
  });
});
