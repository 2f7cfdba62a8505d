import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTexts } from '../../../src/server/texts/texts-files';
import { serverTranslator, serveTextsFrom } from '../../../src/server/texts/server-texts';

// The services' texts (the sign-in pages, the e-mails) write a number as the language they are read in
// writes it, through Intl, also where the text itself is a fallback's; a string is left as it is.

const files = readTexts(join(__dirname, '../../../locales'));
let undo: (() => void) | undefined;
afterEach(() => undo?.());

describe("numbers in the services' texts", () => {
  it('follow the language: French groups with a narrow space, English with a comma; the pseudo-locale keeps English digits', () => {
    const texts = new Map(files);
    texts.set('fr', new Map([['mail:Verification.Text', 'Votre code est {{code}}. Il expire dans {{minutes}} minutes.']]));
    undo = serveTextsFrom(() => ({
      hash: 'numbers',
      texts,
      languages: [
        { tag: 'en', state: 'live', fallback: null, direction: 'ltr', builtIn: true },
        { tag: 'ja', state: 'live', fallback: 'en', direction: 'ltr', builtIn: true },
        { tag: 'fr', state: 'live', fallback: 'en', direction: 'ltr', builtIn: false },
        { tag: 'ar', state: 'live', fallback: 'en', direction: 'rtl', builtIn: false },
      ],
    }));
    const values = { code: '123456', minutes: 12345 };
    expect(serverTranslator('mail', 'fr')('Verification.Text', values)).toBe(
      `Votre code est 123456. Il expire dans ${new Intl.NumberFormat('fr').format(12345)} minutes.`,
    );
    expect(new Intl.NumberFormat('fr').format(12345)).not.toBe('12345');
    expect(serverTranslator('mail', 'en')('Verification.Text', values)).toContain('123456. It expires in 12,345 minutes');
    // Arabic has no text of its own here: the English text, with the number as Arabic writes it.
    expect(serverTranslator('mail', 'ar')('Verification.Text', values)).toContain(`It expires in ${new Intl.NumberFormat('ar').format(12345)} minutes`);
    expect(serverTranslator('mail', 'ar-XB')('Verification.Text', values)).toContain('12,345');
  });
});
