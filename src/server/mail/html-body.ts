import { html } from '../../shared/html';

/**
 * The HTML part of a plain-text e-mail: the same text, escaped, one paragraph per line, in an
 * element that names its language and reading direction, so a mail client lays a right-to-left
 * language out right to left (a plain-text part has no direction of its own). Nothing but the text.
 */
export function plainTextMail(text: string, lang: string, dir: 'ltr' | 'rtl'): string {
  const paragraphs = text.split('\n').map((line) => html`<p>${line}</p>`);
  return html`<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"></head><body dir="${dir}">${paragraphs}</body></html>`.value;
}
