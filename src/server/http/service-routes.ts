import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { readiness, type Database } from '../db';
import type { Lifecycle } from '../shutdown';
import { liveVersionRoutes } from './live-versions';
import { neverShed, type LoadShedding } from './load-shedding';
import { portalConfig } from './portal-config';

// The public routes of the service itself: liveness, readiness (what a load balancer asks) and the
// portal's run-time configuration with the published rules and texts versions, and those versions
// alone (GET /api/versions, with an ETag) for a portal that has its data already.

export interface ServiceRouteOptions {
  config: ServerConfig;
  database: Database;
  lifecycle: Lifecycle;
  loadShedding: LoadShedding;
}

export function serviceRoutes(app: FastifyInstance, { config, database, lifecycle, loadShedding }: ServiceRouteOptions): void {
  const { rules, texts } = app.services;
  app.get(
    '/api/health',
    {
      config: { public: true, ...neverShed },
      schema: {
        tags: ['service'],
        summary: 'Answers 200 while the process is alive (readiness: /api/ready)',
        security: [],
        response: { 200: { $ref: 'api/health-response.schema.json' } },
      },
    },
    // The app is built only after the database opened and migrated: answering means ready.
    async () => ({ status: 'ok', database: database.dialect }),
  );
  app.get(
    '/api/ready',
    {
      config: { public: true, ...neverShed },
      schema: {
        tags: ['service'],
        summary:
          'Answers 200 while this instance can serve (not draining, not shedding load, no migration missing), else 503. An unreachable database keeps it in rotation: requests that need it answer 503 with Retry-After',
        security: [],
        response: { 200: { $ref: 'api/readiness-response.schema.json' }, 503: { $ref: 'api/readiness-response.schema.json' } },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.draining) return reply.status(503).send({ status: 'not-ready', reason: 'shutting down' });
      if (loadShedding.shedding()) return reply.status(503).send({ status: 'not-ready', reason: 'under pressure' });
      const { ready, reason, databaseReachable } = await readiness(database);
      const reach = databaseReachable ? 'reachable' : 'unreachable';
      return ready ? { status: 'ready', database: reach } : reply.status(503).send({ status: 'not-ready', reason, database: reach });
    },
  );
  app.get('/portal-config.json', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The rules this request was taken under: the configuration's rulesHash and x-rules-version agree.
    return portalConfig(config, { ...request.rulesInForce, baseHash: rules.baseHash }, texts.forPortal());
  });
  void app.register(liveVersionRoutes);
}
