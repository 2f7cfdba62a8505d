/** Fixed header height that a hash target must clear (spec: 70 px). */
export const HASH_SCROLL_OFFSET_PX = 70;
/** Delay that lets the routed page render before scrolling (spec: 150 ms). */
export const HASH_SCROLL_DELAY_MS = 150;

/** Document position to scroll to so that an element sits just below the fixed header. */
export function hashScrollTop(elementViewportTop: number, scrollY: number, offset = HASH_SCROLL_OFFSET_PX): number {
  return Math.max(0, elementViewportTop + scrollY - offset);
}

export function scheduleHashScroll(hash: string, win: Window = window): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return () => undefined;
  const timer = win.setTimeout(() => {
    const target = win.document.getElementById(id);
    if (!target) return;
    win.scrollTo({ top: hashScrollTop(target.getBoundingClientRect().top, win.scrollY), behavior: 'smooth' });
  }, HASH_SCROLL_DELAY_MS);
  return () => win.clearTimeout(timer);
}
