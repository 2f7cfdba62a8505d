import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

// Request counts and latency per route in Prometheus' text format. They are served on a port of
// their own (METRICS_PORT, bound to METRICS_HOST, loopback by default) and never on the public
// one: the function key is handed to every browser in /portal-config.json, so it cannot guard them.

/** Label for requests that matched no route: their paths are not labels (unbounded, may hold data). */
export const UNMATCHED = '(unmatched)';

export interface RequestMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status_code'>;
  duration: Histogram<'method' | 'route' | 'status_code'>;
}

/**
 * A registry of its own per app (tests build many); process metrics (CPU, memory, event loop) when
 * asked. A second server of the process (the identity provider) adds its counts to the first's
 * registry under names of its own (`prefix`), so one scrape has both.
 */
export function createRequestMetrics(options: { processMetrics?: boolean; registry?: Registry; prefix?: string } = {}): RequestMetrics {
  const registry = options.registry ?? new Registry();
  const prefix = options.prefix ?? '';
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  return {
    registry,
    requests: new Counter({ name: `${prefix}http_requests_total`, help: 'HTTP requests answered, per route pattern', labelNames, registers: [registry] }),
    duration: new Histogram({
      name: `${prefix}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, per route pattern',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

/** Counts every answer of the app by method, route pattern and status code. */
export function registerRequestMetrics(app: FastifyInstance, metrics: RequestMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status_code: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** GET /metrics on its own listener; anything else is 404. */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics.invalid').pathname;
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
