import { setTimeout as sleep } from 'node:timers/promises';

// Graceful shutdown for a process behind a load balancer: first say "not ready" (readiness answers
// 503, so the balancer's health check takes the instance out), wait for the balancer to notice,
// then stop accepting connections while the requests in flight finish, and only then close what
// those requests still need (the identity provider, the sandbox, the database).

/** Shared by the app's readiness route and the shutdown: true once this instance is going away. */
export interface Lifecycle {
  draining: boolean;
}

export const newLifecycle = (): Lifecycle => ({ draining: false });

export interface ShutdownLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface ShutdownPlan {
  lifecycle: Lifecycle;
  /** Time between readiness turning 503 and the listeners closing (DRAIN_DELAY_MS). */
  drainDelayMs: number;
  /** Servers to drain, together: each stops accepting and resolves once its requests have finished. */
  servers: Array<() => Promise<void>>;
  /** Then, in order: what the requests needed (the sandbox, the database). */
  afterwards: Array<() => Promise<void>>;
  log: ShutdownLog;
}

/** Runs the plan once; a second call returns the same promise. */
export function gracefulShutdown(plan: ShutdownPlan): (reason: string) => Promise<void> {
  let running: Promise<void> | undefined;
  return (reason) => {
    running ??= (async () => {
      plan.lifecycle.draining = true;
      plan.log.info({ reason, drainDelayMs: plan.drainDelayMs }, 'draining: readiness answers 503');
      if (plan.drainDelayMs > 0) await sleep(plan.drainDelayMs);
      const started = Date.now();
      await Promise.all(plan.servers.map((close) => close()));
      plan.log.info({ ms: Date.now() - started }, 'requests in flight finished; listeners closed');
      for (const close of plan.afterwards) await close();
    })();
    return running;
  };
}
