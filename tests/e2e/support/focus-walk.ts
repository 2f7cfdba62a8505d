/*
 * Keyboard walks for the accessibility tests (docs/accessibility.md).
 *
 * Use:
 *   const steps = await walkFocus(page, 'Tab');          // forward until the focus leaves the page
 *   const back = await walkFocus(page, 'Shift+Tab');     // then back from the end to the start
 *   const hidden = steps.filter((step) => step.hidden);  // each with what covers it
 *   await settle(page);                                  // a page's content has arrived
 * Real key presses (page.keyboard), so the browser scrolls each focused element into view as it
 * does for a learner; after each press one evaluation reads the focused element's box and what is
 * drawn at the centre of its visible part.
 */
import type { Page } from '@playwright/test';

export interface FocusStep {
  /** The same number for the same element throughout a document's life. */
  id: number;
  /** What the focus is on: tag, name and box (for the failure message). */
  element: string;
  /** The focused element is not what is drawn at the centre of its visible box (or is out of view). */
  hidden: boolean;
  /** What is drawn there instead. */
  coveredBy: string;
}

type Probe = FocusStep | { id: 0 };

/** Evaluated in the page: where the focus is and whether it can be seen. Self-contained. */
function probe(): Probe {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || active === document.documentElement) return { id: 0 };
  const w = window as unknown as { __focusIds?: WeakMap<Element, number>; __focusNext?: number };
  w.__focusIds ??= new WeakMap();
  let id = w.__focusIds.get(active);
  if (id === undefined) {
    id = w.__focusNext = (w.__focusNext ?? 0) + 1;
    w.__focusIds.set(active, id);
  }
  const describe = (el: Element | null): string => {
    if (!el) return 'nothing';
    const name = (el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const where = el.closest('.header') ? ' in the header' : el.closest('[data-sonner-toaster]') ? ' in a toast' : '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${name.slice(0, 40)}"${where}`;
  };
  const box = active.getBoundingClientRect();
  const element = `${describe(active)} [${Math.round(box.top)}..${Math.round(box.bottom)}]`;
  // An element with no box (a hidden link) cannot be covered.
  if (box.width === 0 || box.height === 0) return { id, element, hidden: false, coveredBy: '' };
  // A link that wraps has a box per line: it is seen when the centre of one of them shows it.
  let coveredBy = 'out of view';
  for (const part of active.getClientRects()) {
    const left = Math.max(part.left, 0);
    const right = Math.min(part.right, window.innerWidth);
    const top = Math.max(part.top, 0);
    const bottom = Math.min(part.bottom, window.innerHeight);
    if (right <= left || bottom <= top) continue;
    const at = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    if (at !== null && (at === active || active.contains(at))) return { id, element, hidden: false, coveredBy: '' };
    coveredBy = describe(at);
  }
  return { id, element, hidden: true, coveredBy };
}

/**
 * Presses `key` until the focus leaves the page (or comes round to where it started), at most
 * `max` times; answers each element the focus was on, in order.
 */
export async function walkFocus(page: Page, key: 'Tab' | 'Shift+Tab', max = 600): Promise<FocusStep[]> {
  const steps: FocusStep[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const step = await page.evaluate(probe);
    if (step.id === 0) {
      if (steps.length > 0) break;
      continue;
    }
    if (steps.length > 0 && step.id === steps[0]!.id) break;
    steps.push(step as FocusStep);
  }
  return steps;
}

/** The page's content has arrived: a heading, no skeleton, nothing busy, the network quiet. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !!document.querySelector('main h1') && !document.querySelector('.skeleton, [aria-busy="true"]'), undefined, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
}
