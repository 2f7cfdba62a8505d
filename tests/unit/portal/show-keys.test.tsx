// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_ATTRIBUTE } from '../../../src/portal/app/show-keys/key-attributes';
import { keyMarker } from '../../../src/portal/app/show-keys/key-marker';
import { clearTextKeys, keyOfText, markTextKeys, setKeyMarking } from '../../../src/portal/app/show-keys/key-marks';
import { setShowKeys, useShowKeys } from '../../../src/portal/app/show-keys/show-keys-state';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.use(keyMarker).init({
    lng: 'en',
    resources: { en: { portal: { Hello: 'Hello {{name}}', Items_one: 'one item', Items_other: '{{count}} items' } } },
    defaultNS: 'portal',
    postProcess: ['show-keys'],
    postProcessPassResolved: true,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

afterEach(() => {
  setKeyMarking(false);
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('show keys: the texts', () => {
  it('are returned as they are while the mode is off', async () => {
    const i18n = await instance();
    expect(i18n.t('Hello', { name: 'Alex' })).toBe('Hello Alex');
    expect(keyOfText(i18n.t('Hello', { name: 'Alex' }))).toBeUndefined();
  });

  it('carry their namespace and key (with its plural suffix) invisibly while it is on', async () => {
    const i18n = await instance();
    setKeyMarking(true);
    const text = i18n.t('Hello', { name: 'Alex' });
    expect(text).toContain('Hello Alex');
    expect(keyOfText(text)).toBe('portal:Hello');
    expect(keyOfText(i18n.t('Items', { count: 3 }))).toBe('portal:Items_other');
  });

  it('mark the element of each text with its key, make it focusable, and unmark on the way out', async () => {
    const i18n = await instance();
    setKeyMarking(true);
    document.body.innerHTML = '<p id="p"></p><button id="b"></button><p id="plain">data</p>';
    document.getElementById('p')!.textContent = i18n.t('Hello', { name: 'Alex' });
    document.getElementById('b')!.textContent = i18n.t('Items', { count: 1 });
    markTextKeys(document.body);
    expect(document.getElementById('p')!.getAttribute(KEY_ATTRIBUTE)).toBe('portal:Hello');
    expect(document.getElementById('p')!.getAttribute('tabindex')).toBe('0');
    expect(document.getElementById('b')!.getAttribute(KEY_ATTRIBUTE)).toBe('portal:Items_one');
    expect(document.getElementById('b')!.hasAttribute('tabindex')).toBe(false);
    expect(document.getElementById('plain')!.hasAttribute(KEY_ATTRIBUTE)).toBe(false);
    // The page's text is the text itself again: accessible names are not changed by the mode.
    expect(document.getElementById('p')!.textContent).toBe('Hello Alex');
    expect(document.getElementById('b')!.textContent).toBe('one item');
    clearTextKeys(document.body);
    expect(document.querySelectorAll(`[${KEY_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.getElementById('p')!.hasAttribute('tabindex')).toBe(false);
  });
});

describe('show keys: who', () => {
  it('the localisation role turns them on and off', () => {
    const { result, rerender } = renderHook(() => useShowKeys(['localisation']));
    expect(result.current).toBe(false);
    setShowKeys(true);
    rerender();
    expect(result.current).toBe(true);
    setShowKeys(false);
    rerender();
    expect(result.current).toBe(false);
  });

  it('never a learner or a product owner, even with the stored wish set by hand', () => {
    sessionStorage.setItem('portal.showKeys', 'on');
    expect(renderHook(() => useShowKeys([])).result.current).toBe(false);
    expect(renderHook(() => useShowKeys(['product-owner'])).result.current).toBe(false);
    expect(renderHook(() => useShowKeys(['localisation'])).result.current).toBe(true);
  });
});
