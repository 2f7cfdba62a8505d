/*
 * What the pseudo-locale walks look for on a page (docs/texts.md#the-pseudo-locale-walk), run in the
 * page: a visible text outside the pseudo brackets of its block (not data marked translate="no" or
 * data-text-source="services", and not letter-free), and a box that clips its text.
 */
export interface Finding {
  kind: 'not-translated' | 'clipped';
  text: string;
  where: string;
}

/** Runs in the page: the texts outside pseudo brackets, and the boxes that clip their text. */
export function findProblems(): Finding[] {
  const OPEN = '[';
  const CLOSE = ']';
  const findings: Finding[] = [];
  const describe = (element: Element) => {
    const parts: string[] = [];
    for (let at: Element | null = element; at && parts.length < 4; at = at.parentElement) {
      const testId = at.getAttribute('data-testid');
      parts.unshift(
        `${at.tagName.toLowerCase()}${at.id ? `#${at.id}` : ''}${testId ? `[data-testid=${testId}]` : ''}${typeof at.className === 'string' && at.className ? `.${at.className.trim().split(/\s+/).join('.')}` : ''}`,
      );
    }
    return parts.join(' > ');
  };
  const seen = (element: Element) => {
    const box = element.getBoundingClientRect();
    // Visually hidden texts (for screen readers) are 1 px boxes: nobody sees them.
    return box.width > 1 && box.height > 1 && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const isBlock = (element: Element) => {
    const display = getComputedStyle(element).display;
    return !display.startsWith('inline') && display !== 'contents';
  };
  const textsOf = (root: Element) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    return nodes;
  };

  for (const node of textsOf(document.body)) {
    const element = node.parentElement;
    const text = node.nodeValue ?? '';
    if (!element || !/\p{L}/u.test(text)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.tagName)) continue;
    if (element.closest('[translate="no"], [data-text-source="services"]') || !seen(element)) continue;
    // The block the text is laid out in: the text must sit between an opening and a closing bracket
    // of it (a text made of pieces, a link inside a sentence, is one pseudo text).
    let block: Element = element;
    while (!isBlock(block) && block.parentElement) block = block.parentElement;
    const all = textsOf(block);
    const index = all.indexOf(node);
    const before =
      all
        .slice(0, index)
        .map((n) => n.nodeValue ?? '')
        .join('') + text.slice(0, text.search(/\p{L}/u));
    const after =
      text.slice(text.search(/\p{L}/u)) +
      all
        .slice(index + 1)
        .map((n) => n.nodeValue ?? '')
        .join('');
    const opened = before.lastIndexOf(OPEN) > before.lastIndexOf(CLOSE);
    const closeAt = after.indexOf(CLOSE);
    const openAt = after.indexOf(OPEN);
    const closed = closeAt >= 0 && (openAt < 0 || closeAt < openAt);
    if (!(opened && closed)) findings.push({ kind: 'not-translated', text: text.trim().slice(0, 80), where: describe(element) });
  }

  for (const element of document.body.querySelectorAll('*')) {
    if (!seen(element) || !/\p{L}/u.test(element.textContent ?? '')) continue;
    const style = getComputedStyle(element);
    const hides = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflow);
    const ellipsis = style.textOverflow === 'ellipsis';
    if (!hides && !ellipsis) continue;
    if (element.scrollWidth > element.clientWidth + 1 || (hides && element.scrollHeight > element.clientHeight + 1 && style.overflowY !== 'visible')) {
      findings.push({ kind: 'clipped', text: (element.textContent ?? '').trim().slice(0, 80), where: describe(element) });
    }
  }
  return findings;
}
