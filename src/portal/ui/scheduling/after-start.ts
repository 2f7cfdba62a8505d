/** How long after start the first page has the network to itself. */
export const AFTER_START_MS = 2000;

/**
 * Runs `run` once the browser is idle, AFTER_START_MS after the call: for code and texts that no
 * first page shows, so they do not compete with it. Returns a cancel function.
 * (requestIdleCallback is missing in jsdom and some browsers: then the timer alone decides.)
 */
export function afterStartWhenIdle(run: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, AFTER_START_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * Runs `run` once the browser has painted the next frame (a frame, then a task after it): for work
 * that should not hold back what is about to show, such as fetching and evaluating a large chunk.
 * A hidden page paints no frames, so there it runs after a task. Returns a cancel function.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: number | undefined;
  let frame: number | undefined;
  if (document.visibilityState === 'hidden') {
    timer = window.setTimeout(run, 0);
  } else {
    frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(run, 0);
    });
  }
  return () => {
    if (frame !== undefined) window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
