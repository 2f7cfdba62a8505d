import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/portal/app/language';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('UI language', () => {
  it('comes from ui_locales and is kept for the session', () => {
    const storage = memory();
    expect(detectLanguage('?ui_locales=ja', storage)).toBe('ja');
    expect(detectLanguage('', storage)).toBe('ja');
    expect(detectLanguage('?ui_locales=en-US', storage)).toBe('en');
    expect(detectLanguage('', storage)).toBe('en');
  });

  it('defaults to English and ignores languages the portal does not have', () => {
    const storage = memory();
    expect(detectLanguage('', storage)).toBe('en');
    expect(detectLanguage('?ui_locales=ko', storage)).toBe('en');
    expect(detectLanguage('?ui_locales=ja-JP%20en', storage)).toBe('ja');
  });
});
