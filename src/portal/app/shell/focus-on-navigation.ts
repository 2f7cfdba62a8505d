import { type RefObject, useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long, at most, the focus waits for the new page's heading (its code and data may be loading). */
export const HEADING_WAIT_MS = 10_000;

/**
 * When the learner moves to another page and the focus has nowhere to be (the link or button they
 * used went with the old page), it goes to the new page's heading (WCAG 2.2 SC 2.4.3), so the keyboard
 * and a screen reader carry on from the top of the page they arrived at. A focus that still has a
 * place (a link of the header, which stays) is left where it is; a change of query or hash on the
 * same page (a field chosen in the rules editor, a hash the page scrolls to) moves nothing; the first
 * page of the tab moves nothing, nor does a redirect.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  const shown = useRef<string>(undefined);
  useEffect(() => {
    const before = shown.current;
    shown.current = pathname;
    if (before === undefined || before === pathname || navigation === 'REPLACE' || hash || !main.current) return;
    return focusHeadingWhenShown(main.current);
  }, [pathname, hash, navigation, main]);
}

/**
 * Puts the focus on the first heading of `main` as soon as there is one, if the focus is on nothing
 * (the document's body); again if that heading is replaced (a page's frame by the page). Stops at the
 * learner's first key or pointer press, or after `waitMs`. Answers the function that stops it.
 */
export function focusHeadingWhenShown(main: HTMLElement, waitMs = HEADING_WAIT_MS): () => void {
  const doc = main.ownerDocument;
  const win = doc.defaultView!;
  const place = () => {
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    // A heading is not a stop of the Tab order; it takes the focus only when given it.
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  };
  const observer = new win.MutationObserver(place);
  observer.observe(main, { childList: true, subtree: true });
  const timer = win.setTimeout(() => stop(), waitMs);
  const stop = () => {
    observer.disconnect();
    win.clearTimeout(timer);
    win.removeEventListener('keydown', stop, true);
    win.removeEventListener('pointerdown', stop, true);
  };
  // What the learner does first wins.
  win.addEventListener('keydown', stop, true);
  win.addEventListener('pointerdown', stop, true);
  place();
  return stop;
}
