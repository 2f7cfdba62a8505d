import { describe, expect, it } from 'vitest';
import { checkText } from '../../../src/shared/text-checks';

const english = 'City must be at most {{limit}} characters.';

describe('the checks of an edited text', () => {
  it('pass a text with the same placeholders', () => {
    expect(checkText({ text: '市区町村は{{limit}}文字以内で入力してください。', english, lang: 'ja' })).toEqual({});
  });

  it('refuse a text whose placeholders differ from the English, naming both', () => {
    expect(checkText({ text: '市区町村は{{max}}文字以内', english, lang: 'ja' }).refusal).toEqual({
      keyword: 'placeholders',
      key: 'Texts.Refusal.Placeholders',
      params: { expected: '{{limit}}', found: '{{max}}' },
    });
    expect(checkText({ text: '市区町村は短くしてください', english, lang: 'ja' }).refusal?.keyword).toBe('placeholders');
  });

  it('refuse markup the English does not have, and an empty text', () => {
    expect(checkText({ text: '<b>{{limit}}</b>', english, lang: 'ja' }).refusal).toEqual({
      keyword: 'markup',
      key: 'Texts.Refusal.Markup',
      params: { found: '<b>' },
    });
    expect(checkText({ text: '<img src=x onerror=alert(1)> {{limit}}', english, lang: 'ja' }).refusal?.keyword).toBe('markup');
    expect(checkText({ text: '&lt; {{limit}}', english, lang: 'ja' }).refusal?.keyword).toBe('markup');
    expect(checkText({ text: '  ', english, lang: 'ja' }).refusal?.keyword).toBe('empty');
  });

  it('refuse other nesting than the English', () => {
    expect(checkText({ text: 'See $t(portal:App.Title)', english: 'See it', lang: 'ja' }).refusal?.keyword).toBe('nesting');
  });

  it('warn (not refuse) on a text much longer than the English', () => {
    const result = checkText({ text: `${'長'.repeat(80)}{{limit}}`, english, lang: 'ja' });
    expect(result.refusal).toBeUndefined();
    expect(result.warning).toEqual({ keyword: 'length', key: 'Texts.Warning.Longer', params: { length: 89, english: english.length } });
  });
});
