/** Fixed header height that a hash target must clear (docs/behaviour.md#constants: 70 px). */
export const HASH_SCROLL_OFFSET_PX = 70;
/** Delay that lets the routed page render before scrolling (docs/behaviour.md#constants: 150 ms). */
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
    // Glides there, unless the learner asked for less motion.
    const behavior = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    win.scrollTo({ top: hashScrollTop(target.getBoundingClientRect().top, win.scrollY), behavior });
  }, HASH_SCROLL_DELAY_MS);
  return () => win.clearTimeout(timer);
}

/** How long a restored position waits, at most, for the page to grow tall enough to reach it. */
export const RESTORE_WAIT_MS = 2000;

/**
 * Where each page of this tab's history was scrolled to, and the rule of where a navigation lands: a
 * new page (another path) opens at the top, or at its hash; Back and Forward return to the position
 * the learner left that entry at, once the page is tall enough to show it (its data may still be
 * arriving), unless the learner scrolls first. A change of query or hash on the same page leaves the
 * position alone.
 */
export class ScrollMemory {
  private readonly positions = new Map<string, number>();
  private cancelRestore: () => void = () => undefined;

  constructor(private readonly win: Window = window) {}

  /** Keeps the position of the entry `key` while it is shown; returns the function that stops. */
  track(key: string): () => void {
    const save = () => this.positions.set(key, this.win.scrollY);
    this.win.addEventListener('scroll', save, { passive: true });
    return () => this.win.removeEventListener('scroll', save);
  }

  /** Called when the location changed (before the browser paints it). */
  arrived(location: { key: string; pathname: string; hash: string }, previousPathname: string | undefined, navigation: 'POP' | 'PUSH' | 'REPLACE'): void {
    this.cancelRestore();
    if (navigation === 'POP') {
      const saved = this.positions.get(location.key);
      if (saved !== undefined) this.restore(saved);
      return;
    }
    if (location.pathname === previousPathname || location.hash) return;
    this.win.scrollTo(0, 0);
  }

  private restore(top: number): void {
    const win = this.win;
    const started = performance.now();
    let frame = 0;
    const stop = () => {
      win.cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) win.removeEventListener(type, stop);
    };
    const step = () => {
      win.scrollTo(0, top);
      const reached = Math.abs(win.scrollY - top) < 2;
      if (reached || performance.now() - started > RESTORE_WAIT_MS) stop();
      else frame = win.requestAnimationFrame(step);
    };
    // The learner scrolling first wins over the restore.
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) win.addEventListener(type, stop, { passive: true });
    this.cancelRestore = stop;
    step();
  }
}
