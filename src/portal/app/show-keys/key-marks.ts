/*
 * How a text on the page tells its key in "show keys" mode (docs/texts.md#show-keys): while the mode
 * is on, i18next's post-processor hides the key in invisible characters at the end of each text
 * (i18next-subliminal); the page's text nodes are then read and their element is marked with
 * `data-text-key="ns:key"` (several keys space separated). Loaded only when the mode is turned on. Only attributes are set, never a style, so
 * the strict Content-Security-Policy holds. With the mode off the post-processor returns each text as
 * it is.
 */
import { unwrap, wrap } from 'i18next-subliminal';
import { KEY_ATTRIBUTE, PANEL_ATTRIBUTE } from './key-attributes';
import { setKeyWrap } from './key-marker';

// Set on an element made focusable only to read its key, so turning the mode off undoes exactly that.
const FOCUS_ATTRIBUTE = 'data-text-key-focus';

/** Turns the hidden keys on or off for the texts i18next gives from now on. */
export function setKeyMarking(on: boolean): void {
  setKeyWrap(on ? wrap : null);
}

/** The text without its hidden key, and `ns:key` when it had one. */
function readText(text: string): { text: string; key?: string } {
  const { text: visible, invisibleMeta } = unwrap(text) as unknown as { text: string; invisibleMeta?: { key?: string; ns?: string } };
  if (!invisibleMeta?.key) return { text };
  return { text: visible, key: invisibleMeta.ns ? `${invisibleMeta.ns}:${invisibleMeta.key}` : invisibleMeta.key };
}

/** `ns:key` of a text with a hidden key, else undefined. */
export const keyOfText = (text: string): string | undefined => readText(text).key;

/** Marks every element under `root` whose own text has a hidden key (outside the key panel), and takes the key out of the text. */
export function markTextKeys(root: Node): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest(`[${PANEL_ATTRIBUTE}]`)) continue;
    const { text, key } = readText(node.nodeValue ?? '');
    if (!key) continue;
    // The invisible characters are taken out again, so the page's text (and the accessible names
    // made from it) is exactly the text; React rewrites a text node only when its text changes.
    node.nodeValue = text;
    const keys = new Set((element.getAttribute(KEY_ATTRIBUTE) ?? '').split(' ').filter(Boolean));
    if (keys.has(key)) continue;
    keys.add(key);
    element.setAttribute(KEY_ATTRIBUTE, [...keys].join(' '));
    // A text that is not a control yet can be reached from the keyboard, to read its key.
    if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
      element.setAttribute('tabindex', '0');
      element.setAttribute(FOCUS_ATTRIBUTE, '');
    }
  }
}

/** Removes every mark under `root` (the mode turned off). */
export function clearTextKeys(root: ParentNode): void {
  for (const element of root.querySelectorAll(`[${KEY_ATTRIBUTE}]`)) {
    element.removeAttribute(KEY_ATTRIBUTE);
    if (element.hasAttribute(FOCUS_ATTRIBUTE)) {
      element.removeAttribute('tabindex');
      element.removeAttribute(FOCUS_ATTRIBUTE);
    }
  }
}
