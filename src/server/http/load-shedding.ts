import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { errorBody } from './errors';

// Load shedding for what no schema foresees. While the event loop's mean delay over the last sample
// is above MAX_EVENT_LOOP_DELAY_MS, every request is answered at once with 503 and Retry-After
// instead of waiting in the queue behind the work that holds the loop, and readiness answers 503
// `under pressure`, so the load balancer takes the instance out of rotation until it recovers.
// Liveness (/api/health) is not shed: a busy instance is alive, and restarting it would lose the
// requests it is finishing. Nor are files (routes marked `staticFile`: the portal's scripts, styles
// and icons, the schema files, a rules version's browser modules once built): answering one costs next
// to nothing, and a page cannot start without them, so refusing them would turn a slow moment into a
// blank page.

/** Seconds a shed request is told to wait: long enough for a sample or two, short for a learner. */
export const SHED_RETRY_AFTER_S = 2;
/** How often the event loop's delay is sampled, at most (the plugin's own resolution is 10 ms). */
const MAX_SAMPLE_INTERVAL_MS = 500;
/** At most one log line per this interval while shedding, with the number of requests shed. */
const LOG_INTERVAL_MS = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The plugin's per-route handler: a route that returns undefined from it is never shed. */
    pressureHandler?: (...args: unknown[]) => unknown;
    /**
     * A file, never shed: `true`, or a test of the request that says whether what it asks for is ready
     * to be sent as it is (a module once built; until then it is shed like any other work).
     */
    staticFile?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** Whether a request asks for a file that is sent as it is (routes marked `staticFile`). */
function isStaticFile(request: FastifyRequest): boolean {
  const file = request.routeOptions.config.staticFile;
  return file === true || (typeof file === 'function' && file(request));
}

type ShedHandler = (...args: Parameters<NonNullable<FastifyUnderPressureOptions['pressureHandler']>>) => unknown;

/** Route options of a route that answers whatever the load (liveness, readiness). */
export const neverShed = { pressureHandler: () => undefined } as const;

export interface LoadShedding {
  /** Whether requests are being shed now (readiness says `under pressure` while they are). */
  shedding(): boolean;
}

export async function registerLoadShedding(app: FastifyInstance, config: Pick<ServerConfig, 'maxEventLoopDelayMs'>): Promise<LoadShedding> {
  const sampleInterval = Math.min(MAX_SAMPLE_INTERVAL_MS, Math.max(10, config.maxEventLoopDelayMs / 2));
  // Start-up holds the loop by design (every route's validator is compiled when the app gets ready):
  // the samples that cover it say nothing about load, so shedding starts two samples after.
  let shedFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    shedFrom = Date.now() + 2 * sampleInterval;
  });
  const started = () => Date.now() >= shedFrom;
  let shed = 0;
  let loggedAt = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    sampleInterval,
    pressureHandler: ((request, reply, _type, value) => {
      if (!started() || isStaticFile(request)) return undefined;
      shed += 1;
      const now = Date.now();
      if (now - loggedAt >= LOG_INTERVAL_MS) {
        request.log.warn({ eventLoopDelayMs: Math.round(Number(value)), shed }, 'shedding load: the event loop is held');
        loggedAt = now;
        shed = 0;
      }
      // The plugin sends what the handler returns (its README; the types say void), and lets the
      // request through on a nullish answer.
      reply.status(503).header('retry-after', SHED_RETRY_AFTER_S);
      return errorBody(503, 'The service is under heavy load; try again shortly.');
    }) as ShedHandler as FastifyUnderPressureOptions['pressureHandler'],
  });
  return { shedding: () => started() && app.isUnderPressure() };
}
