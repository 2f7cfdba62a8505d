// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkText, markupOf } from '../../../src/shared/text-checks';
import { englishOf, readTexts } from '../../../src/server/texts/texts-files';

// The markup check of a text (docs/admin-area.md, "Texts": no markup the English does not have),
// decided by an HTML tokenizer. Each bypass a pattern once let through is a case; a property test
// holds the check against a browser's own parser (jsdom's, the HTML standard's tree builder, parse5): a text
// the check takes is, to the browser, exactly that text and nothing else.

const CITY = '市区町村';
const markup = (text: string, english = '') => checkText({ text, english, lang: 'ja' }).refusal;

describe('markup a key does not allow is refused', () => {
  it('refuses the tags that slipped past the pattern: a `<` inside the tag, a tag over 500 characters', () => {
    expect(markup('<img src=x onerror="alert(1)" title="<">')).toEqual({
      keyword: 'markup',
      key: 'Texts.Refusal.Markup',
      params: { found: '<img src=x onerror="alert(1)" title="<">' },
    });
    expect(markup(`${CITY}<img src=x onerror=alert(1)//<>`)).toMatchObject({ keyword: 'markup', params: { found: '<img src=x onerror=alert(1)//<>' } });
    const long = `<img src=x title="${'a'.repeat(600)}" onerror=alert(1)>`;
    expect(long.length).toBeGreaterThan(500);
    // Quoted shortened in the message; refused whole.
    expect(markup(`${CITY}${long}`)).toMatchObject({ keyword: 'markup', params: { found: `${long.slice(0, 79)}…` } });
  });

  it('refuses every other kind of markup: end tags, comments, processing instructions, CDATA, doctypes, references', () => {
    for (const text of [
      `${CITY}</b>`,
      `${CITY}<!-- x -->`,
      `${CITY}<!---->`,
      `${CITY}<?xml version="1.0"?>`,
      `${CITY}<![CDATA[<img src=x onerror=alert(1)>]]>`,
      `${CITY}<!DOCTYPE html>`,
      `${CITY}</1>`,
      `${CITY}</ x>`,
      `${CITY}</>`,
      `${CITY}<svg/onload=alert(1)>`,
      `${CITY}<a\nhref="javascript:alert(1)">x</a>`,
      `${CITY}<SCRIPT>alert(1)</SCRIPT>`,
      `${CITY}<scr<script>ipt>`,
      `${CITY}&amp;`,
      `${CITY}&lt;img src=x&gt;`,
      `${CITY}&#60;`,
      `${CITY}&#x3c;`,
      // Character references a browser reads without their semicolon.
      `${CITY}&copy 2026`,
      `${CITY}&notit;`,
      // An unfinished tag at the end: a browser drops it, so what shows is not what was written.
      `${CITY}<img src=x onerror=alert(1)`,
      `${CITY}<b`,
      `${CITY}<!`,
    ]) {
      expect(markup(text)?.keyword, text).toBe('markup');
    }
  });

  it('takes what a browser shows as text: a lone `<`, `>` or `&`, and every text of the files', () => {
    for (const text of [`${CITY} < 32 > 1`, 'AT&T', 'symbols (@ # $ % ^ & * - _ !)', `${CITY}</`, `${CITY} <`, 'a <1> b', '& ;', '&#;']) {
      expect(markup(text), text).toBeUndefined();
    }
    const texts = readTexts('locales');
    const english = texts.get('en') as Map<string, string>;
    for (const [lang, catalogue] of texts) {
      for (const [key, text] of catalogue) expect(markup(text, englishOf(english, key) ?? ''), `${lang} ${key}`).toBeUndefined();
    }
  });

  it('allows exactly the markup the English of the key has', () => {
    const english = 'See <b>the guide</b> &amp; more';
    expect(markup('<b>ガイド</b> &amp; 他', english)).toBeUndefined();
    expect(markup('<i>ガイド</i>', english)).toMatchObject({ keyword: 'markup', params: { found: '<i>' } });
    expect(markup('<b onclick="x">ガイド</b>', english)).toMatchObject({ keyword: 'markup', params: { found: '<b onclick="x">' } });
    expect(markupOf(english)).toEqual(['<b>', '</b>', '&amp;']);
  });
});

describe('the check against a browser', () => {
  const container = document.createElement('div');
  /** What a browser makes of the text as HTML: whether anything but text, and the text it shows. */
  const asBrowser = (text: string) => {
    container.innerHTML = text;
    const onlyText = [...container.childNodes].every((node) => node.nodeType === node.TEXT_NODE);
    return { onlyText, shown: container.textContent ?? '' };
  };
  // A browser reads CR LF and a lone CR as LF before it tokenizes (not markup).
  const lines = (text: string) => text.replace(/\r\n?/g, '\n');

  // Fragments of markup, put together at random: tag names, attribute syntax, comment and
  // declaration openers, character references, quotes, slashes and text.
  const piece = fc.constantFrom(
    '<',
    '>',
    '/',
    '</',
    '<!',
    '<?',
    '!',
    '?',
    '-',
    '--',
    '=',
    '"',
    "'",
    '`',
    ' ',
    '\n',
    '\t',
    '\r',
    '\f',
    'a',
    'b',
    'img',
    'svg',
    'script',
    'style',
    'title',
    'textarea',
    'p',
    'br',
    'x',
    '1',
    'A',
    ' src=x',
    ' onerror=alert(1)',
    ' title="<"',
    '//',
    '[CDATA[',
    ']]',
    'DOCTYPE',
    'doctype',
    '&',
    'amp',
    'amp;',
    'lt;',
    '#',
    '#60;',
    '#x3c;',
    'x3c',
    'copy',
    'not',
    ';',
    '0',
    '9',
    CITY,
    '市',
    'テキスト',
    '{{limit}}',
  );
  const fragment = fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));

  it('refuses every fragment a browser turns into an element, a comment or anything but its own text', () => {
    let refused = 0;
    fc.assert(
      fc.property(fragment, (text) => {
        const refusal = markup(text);
        const browser = asBrowser(text);
        if (refusal?.keyword === 'markup') refused += 1;
        else if (refusal === undefined) {
          // Taken: the browser sees text only, and exactly this text.
          expect(browser.onlyText, text).toBe(true);
          expect(browser.shown, text).toBe(lines(text));
        }
      }),
      { numRuns: 20_000, seed: 30_2 },
    );
    // The fragments are markup often enough for the property to mean something.
    expect(refused).toBeGreaterThan(5_000);
  });

  it('takes plain text as a browser shows it (fragments without `<` or `&`)', () => {
    const plain = fc.string({ unit: fc.constantFrom('a', ' ', '>', '"', "'", '/', '=', CITY, '!', '?', ';', '#'), minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(plain, (text) => {
        fc.pre(text.trim() !== '');
        expect(markup(text), text).toBeUndefined();
        expect(asBrowser(text)).toEqual({ onlyText: true, shown: text });
      }),
      { numRuns: 2_000, seed: 30_2 },
    );
  });
});
