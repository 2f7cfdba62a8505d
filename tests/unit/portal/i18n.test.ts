// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../src/portal/app/i18n';

describe('portal i18n', () => {
  it('loads every locale file as a namespace, Japanese on demand, with English as fallback', async () => {
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
  });
});
