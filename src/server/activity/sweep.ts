import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { outageLog } from '../http/outage-log';

/** How often an instance deletes the raw form-activity events past their 30 days. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs `sweep` every interval (any instance may: each deletes what has expired, which the others
 * then find gone), like the identity provider's payload sweep; a failure is logged, a database
 * outage once per kind and interval (http/outage-log.ts). Answers the function that stops it.
 */
export function startFormActivitySweep(
  sweep: () => Promise<number>,
  log: FastifyBaseLogger,
  options: { outageLogIntervalMs: number; intervalMs?: number },
): () => void {
  const outages = outageLog(log, { intervalMs: options.outageLogIntervalMs });
  const timer = setInterval(() => {
    sweep().then(
      (deleted) => deleted > 0 && log.debug({ deleted }, 'form activity sweep'),
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) outages.record('form activity sweep', error);
        else log.warn({ err: error }, 'form activity sweep failed');
      },
    );
  }, options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    outages.flush();
  };
}
