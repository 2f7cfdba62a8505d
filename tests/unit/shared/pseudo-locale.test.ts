import { describe, expect, it } from 'vitest';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText, pseudoTexts, pseudoBidiText } from '../../../src/shared/pseudo-locale';

const placeholders = (text: string) => text.match(/\{\{[^{}]*\}\}/g) ?? [];

describe('pseudo-locale texts', () => {
  it('bracket, accent and lengthen a text by about 35 %', () => {
    const english = 'Save your profile';
    const pseudo = pseudoText(english);
    expect(pseudo.startsWith(PSEUDO_OPEN)).toBe(true);
    expect(pseudo.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.floor(english.length * 1.35));
    expect(pseudo).not.toContain('Save');
    expect(/[^ -~]/.test(pseudo)).toBe(true);
  });

  it('leave placeholders and nesting as they are', () => {
    const pseudo = pseudoText('Hello {{name}}, you have {{count}} items; see $t(portal:App.Title).');
    expect(placeholders(pseudo)).toEqual(['{{name}}', '{{count}}']);
    expect(pseudo).toContain('$t(portal:App.Title)');
  });

  it('keep the shape of a namespace and leave empty texts empty', () => {
    const pseudo = pseudoTexts({ A: 'One', B: { C: 'Two {{x}}', D: '' } });
    expect(Object.keys(pseudo)).toEqual(['A', 'B']);
    expect(pseudo.B.C).toContain('{{x}}');
    expect(pseudo.B.D).toBe('');
    expect(pseudo.A.startsWith(PSEUDO_OPEN)).toBe(true);
  });
});

describe('the right-to-left pseudo-locale (ar-XB)', () => {
  it('writes each word right to left in brackets, leaves placeholders and nesting for i18next, and keeps an empty text empty', () => {
    const text = pseudoBidiText('Hello {{name}}, see $t(portal:Help)');
    expect(text).toBe('\u200F[\u202EHello\u202C {{name}}\u202E,\u202C \u202Esee\u202C $t(portal:Help)]\u200F');
    expect(pseudoBidiText('')).toBe('');
  });
});
