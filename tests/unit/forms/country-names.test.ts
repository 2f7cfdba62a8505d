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
