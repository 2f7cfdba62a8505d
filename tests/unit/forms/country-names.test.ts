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

describe('country names in a language added in the texts console', () => {
  it('are the platform’s (Intl.DisplayNames) once loaded, English before and where it has none; a pseudo-locale is English', async () => {
    const french = new Intl.DisplayNames(['fr'], { type: 'region' });
    expect(countryName('DEU', 'fr')).toBe('Germany');
    expect(countryNamesReady('fr')).toBe(false);
    await loadCountryNames('fr');
    expect(countryNamesReady('fr')).toBe(true);
    expect(countryName('DEU', 'fr')).toBe(french.of('DE'));
    expect(countryName('DEU', 'fr')).not.toBe('Germany');
    expect(countryName('USA', 'fr')).toBe(french.of('US'));
    await loadCountryNames('ar');
    expect(countryName('JPN', 'ar')).toBe(new Intl.DisplayNames(['ar'], { type: 'region' }).of('JP'));
    // The pseudo-locales are English texts: their countries too, with nothing to load.
    expect(countryNamesReady('ar-XB')).toBe(true);
    expect(countryName('JPN', 'ar-XB')).toBe('Japan');
    expect(countryName('JPN', 'en-XA')).toBe('Japan');
    expect(countryName('XXX', 'fr')).toBeUndefined();
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
