import { monitorEventLoopDelay } from 'node:perf_hooks';

// How long the event loop is held while some work runs, from Node's own monitor. The monitor's
// first sample after reset() only starts its clock, so a block right after a reset would not be
// recorded at all: the monitor ticks a few times before the work starts, and again after it, so the
// delay a block causes is recorded when its timer runs late.

const RESOLUTION_MS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The work's result and the longest the event loop was held while it ran, in ms. */
export async function loopHeldDuring<T>(work: () => Promise<T>): Promise<{ result: T; loopMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  await sleep(2 * RESOLUTION_MS);
  histogram.reset();
  await sleep(3 * RESOLUTION_MS);
  try {
    const result = await work();
    await sleep(2 * RESOLUTION_MS);
    return { result, loopMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

/**
 * Asks `ask` again and again (every 5 ms) until `until` settles; the longest any answer took,
 * counted from when it was due, so a timer held up by a block counts too.
 */
export async function slowestBeside(until: Promise<unknown>, ask: () => Promise<void>): Promise<number> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => undefined);
  let slowest = 0;
  do {
    const due = performance.now() + RESOLUTION_MS;
    await sleep(RESOLUTION_MS);
    await ask();
    slowest = Math.max(slowest, performance.now() - due);
  } while (!done);
  return slowest;
}
