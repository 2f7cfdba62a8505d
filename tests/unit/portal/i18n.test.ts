// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '../../../src/portal/forms/errors/message';
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

  it('writes the numbers of a text as the page’s language writes them (Intl), a language added in the console too, when its text falls back', async () => {
    const live = [
      { tag: 'en', dir: 'ltr' as const, fallback: null },
      { tag: 'fr', dir: 'ltr' as const, fallback: 'en' },
      { tag: 'ar-EG', dir: 'rtl' as const, fallback: 'fr' },
    ];
    let i18n = await initI18n('fr', { live });
    await i18n.loadNamespaces('fulfilment');
    // French has no files here: the English text, with the number written the French way.
    expect(i18n.t('fulfilment:Banner.Title', { count: 12345 })).toBe(`${new Intl.NumberFormat('fr').format(12345)} items are waiting to be shipped to you`);
    expect(i18n.t('fulfilment:Banner.Title', { count: 12345 })).toContain('12\u202f345');
    // A validation message's limit too: the field's message carries it as a number.
    const { params } = decodeMessage('Validation.InvalidCity?rule=maxLength&limit=1000');
    expect(params).toEqual({ rule: 'maxLength', limit: 1000 });
    await i18n.loadNamespaces('validation');
    expect(i18n.t('validation:Validation.InvalidCity', { context: 'maxLength', ...params })).toContain('1\u202f000');
    i18n = await initI18n('ar-EG', { live });
    await i18n.loadNamespaces('fulfilment');
    expect(i18n.t('fulfilment:Banner.Title', { count: 12345 })).toBe('١٢٬٣٤٥ items are waiting to be shipped to you');
    expect(document.documentElement.dir).toBe('rtl');
    i18n = await initI18n('ja', { live });
    await i18n.loadNamespaces('fulfilment');
    expect(i18n.t('fulfilment:Banner.Title', { count: 12345 })).toContain('12,345');
    i18n = await initI18n('en', { live });
    await i18n.loadNamespaces('fulfilment');
    expect(i18n.t('fulfilment:Banner.Title', { count: 1 })).toBe('1 item is waiting to be shipped to you');
    expect(i18n.t('fulfilment:Banner.Title', { count: 12345 })).toBe('12,345 items are waiting to be shipped to you');
    // A value that is not a number is shown as it is.
    expect(i18n.t('home:Welcome.Heading', { name: '12345' })).toContain('12345');
  });
});
