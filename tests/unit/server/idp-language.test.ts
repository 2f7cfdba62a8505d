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

describe('the sign-in pages right to left', () => {
  it('take the right-to-left pseudo-locale ar-XB as itself: mirrored, the English written right to left', async () => {
    const { signInPage } = await import('../../../src/server/idp/pages');
    expect(pickLanguage('ar-XB')).toBe('ar-XB');
    const page = signInPage({
      lng: 'ar-XB',
      action: '/interaction/x/login',
      selfPath: '/interaction/x',
      portalUrl: 'https://portal.example',
      email: '',
      fieldErrors: {},
    });
    expect(page).toContain('<html lang="ar-XB" dir="rtl">');
    expect(page).toMatch(/<h1>\u200F\[\u202ESign\u202C \u202Ein\u202C\]\u200F<\/h1>/);
    // The built-in languages are left to right, and offered in the page's language menu by their own names.
    const english = signInPage({
      lng: 'en',
      action: '/interaction/x/login',
      selfPath: '/interaction/x',
      portalUrl: 'https://portal.example',
      email: '',
      fieldErrors: {},
    });
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain('lang="ja" hreflang="ja">日本語</a>');
  });
});
