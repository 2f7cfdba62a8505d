// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ADMIN_NAMESPACES, ALL_NAMESPACES, FIRST_PAINT_NAMESPACES, initI18n, loadAdminNamespaces, loadAllNamespaces } from '../../../src/portal/app/i18n';

describe('portal i18n', () => {
  it('loads the first page’s namespaces in the UI language with English as fallback, the rest later', async () => {
    const i18n = await initI18n('ja');
    expect(i18n.language).toBe('ja');
    expect(i18n.hasResourceBundle('ja', 'portal')).toBe(true);
    expect(i18n.hasResourceBundle('ja', 'home')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'home')).toBe(true);
    expect(i18n.t('training:Card.Title')).toBe('トレーニングを利用する');
    expect(i18n.t('redemption:Result.HasProductAlready')).toBe('このコースはすでにお持ちです。');
    expect(i18n.t('portal:Toast.Error.Default', { lng: 'en' })).toBe('An unexpected error ocurred. Please try again later.');
    expect(document.documentElement.lang).toBe('ja');
    expect(document.title).toBe('認定資格ポータル');

    // Form texts are not part of the first load; every route but home waits for them.
    expect(i18n.hasResourceBundle('en', 'fields')).toBe(false);
    expect(i18n.hasResourceBundle('ja', 'validation')).toBe(false);
    await loadAllNamespaces();
    for (const ns of ALL_NAMESPACES) {
      expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
      expect(i18n.hasResourceBundle('ja', ns), ns).toBe(true);
    }
  });

  it('names only namespaces that exist, and every locale file is one', () => {
    expect(ALL_NAMESPACES).toEqual(expect.arrayContaining(['portal', 'fields', 'validation', 'widgets', 'profile']));
    expect(ALL_NAMESPACES).toEqual(expect.arrayContaining(FIRST_PAINT_NAMESPACES));
  });

  it("keeps the admin area's texts out of every learner's page, and loads them, in both languages, for the admin area", async () => {
    expect(ADMIN_NAMESPACES).toEqual(['admin', 'gallery', 'rules', 'texts']);
    for (const ns of ADMIN_NAMESPACES) expect(ALL_NAMESPACES).not.toContain(ns);
    const i18n = await initI18n('en');
    await loadAllNamespaces();
    for (const ns of ADMIN_NAMESPACES) expect(i18n.hasResourceBundle('en', ns), ns).toBe(false);
    await loadAdminNamespaces();
    for (const lang of ['en', 'ja']) {
      for (const ns of [...ADMIN_NAMESPACES, 'validation', 'fields']) expect(i18n.hasResourceBundle(lang, ns), `${lang} ${ns}`).toBe(true);
    }
    expect(i18n.t('admin:NotAvailable.Heading', { lng: 'ja' })).toBe('利用できません');
  });
});
