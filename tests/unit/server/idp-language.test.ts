import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../../src/server/idp/i18n';

describe("the sign-in pages' language", () => {
  it('follows ui_locales, then Accept-Language, else English', () => {
    expect(pickLanguage('ja')).toBe('ja');
    expect(pickLanguage('ko ja-JP')).toBe('ja');
    expect(pickLanguage(undefined, 'ja;q=0.9,en;q=0.8')).toBe('ja');
    expect(pickLanguage('ko')).toBe('en');
  });

  it("is English for the portal's pseudo-locale, which the sign-in pages do not have", () => {
    expect(pickLanguage('en-XA')).toBe('en');
    expect(pickLanguage('en-XA ja')).toBe('en');
  });
});
