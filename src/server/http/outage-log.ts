// While the database is away every request fails the same way. Logging each one (a warning with a
// full stack trace) buried everything else: an outage of a few seconds wrote dozens of stack traces
// saying the same thing. Here each kind of failure is written once with its stack when it starts,
// then once per interval with how many more there were, and once more when an interval passes
// without it (the outage of that kind is over; the next one starts with a stack again).

export interface OutageLogger {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface OutageLogOptions {
  /** The length of one interval; a kind's outage ends after an interval without failures. */
  intervalMs: number;
  now?: () => number;
}

export interface OutageLog {
  /** Counts one failure of `source` (what failed: the API, the sign-in page…) caused by `error`. */
  record(source: string, error: unknown): void;
  /** Writes the counts not yet written and forgets every outage (on close). */
  flush(): void;
}

interface Outage {
  source: string;
  cause: string;
  startedAt: number;
  /** Failures since the last line. */
  pending: number;
  total: number;
}

const MESSAGE = 'database unavailable';

/** What distinguishes one failure kind from another: the error's code, else its first line. */
export function failureCause(error: unknown, depth = 0): string {
  if (!error || typeof error !== 'object' || depth > 3) return String(error);
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && code) return code;
  const first = Array.isArray(errors)
    ? (errors as unknown[]).find((e) => e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string')
    : undefined;
  if (first) return failureCause(first, depth + 1);
  if (cause && typeof cause === 'object') {
    const inner = failureCause(cause, depth + 1);
    if (inner) return inner;
  }
  return typeof message === 'string' ? (message.split('\n')[0] ?? '').slice(0, 120) : 'unknown';
}

export function outageLog(log: OutageLogger, { intervalMs, now = Date.now }: OutageLogOptions): OutageLog {
  const outages = new Map<string, Outage>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const tick = () => {
    for (const [kind, outage] of outages) {
      if (outage.pending > 0) {
        log.warn(
          { source: outage.source, cause: outage.cause, count: outage.pending, intervalMs },
          `${MESSAGE}: ${outage.pending} more in the last ${intervalMs / 1000} s`,
        );
        outage.pending = 0;
      } else {
        log.info({ source: outage.source, cause: outage.cause, total: outage.total, durationMs: now() - outage.startedAt }, `${MESSAGE}: over`);
        outages.delete(kind);
      }
    }
    if (outages.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    record(source, error) {
      const cause = failureCause(error);
      const kind = `${source}\u0000${cause}`;
      const outage = outages.get(kind);
      if (outage) {
        outage.pending++;
        outage.total++;
        return;
      }
      outages.set(kind, { source, cause, startedAt: now(), pending: 0, total: 1 });
      // The first failure of its kind carries the stack; the interval's line counts the rest.
      log.warn({ source, cause, count: 1, err: error }, MESSAGE);
      if (!timer) {
        timer = setInterval(tick, intervalMs);
        timer.unref();
      }
    },
    flush() {
      for (const outage of outages.values()) {
        if (outage.pending > 0) log.warn({ source: outage.source, cause: outage.cause, count: outage.pending }, `${MESSAGE}: ${outage.pending} more`);
      }
      outages.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
