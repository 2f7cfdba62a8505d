import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { formActivityRoutes } from './activity/routes';
import type { FormActivitySink } from './activity/sink';
import { startFormActivitySweep } from './activity/sweep';
import type { ServerConfig } from './config';
import { readiness, type Database } from './db';
import { entitlementRoutes } from './entitlements/routes';
import { galleryRoutes } from './forms/gallery-routes';
import { authenticatedScope, createAuthenticator, denyByDefault, publicScope, type KeySource } from './http/auth';
import { PARAM_TOO_LONG, registerErrorHandling, sendError } from './http/errors';
import { documentCommonAnswers } from './http/common-answers';
import { registerInputGuard } from './http/input-guard';
import { neverShed, registerLoadShedding } from './http/load-shedding';
import { loggerOptions, type LogStream } from './http/logging';
import { registerRequestMetrics, type RequestMetrics } from './http/metrics';
import { registerSecurityHeaders } from './http/security-headers';
import { portalConfig } from './http/portal-config';
import { MAX_PARAM_LENGTH } from './http/schema-refs';
import { SchemaRegistry } from './http/schema-registry';
import { registerStatic } from './http/static';
import { identityRoutes } from './identity/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { outboxRoutes } from './mail/outbox-routes';
import { proxyTrust } from './http/client-address';
import { rulesAdminRoutes, rulesModuleRoutes } from './rules/routes';
import { textsAdminRoutes, textsFileRoutes } from './texts/routes';
import { createServices } from './services';
import { newLifecycle, type Lifecycle } from './shutdown';
import { vendorRoutes } from './vendors/routes';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const requestIdOf = (header: string | string[] | undefined): string => (typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID());

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  /** The identity provider's keys: a jose key function (tests) or its jwks_uri and CA file. */
  jwks: KeySource;
  mailer?: Mailer;
  /** Serve the built portal and schemas/ (the server process does; route tests do not). */
  serveStatic?: boolean;
  logger?: boolean | Record<string, unknown>;
  /** Request counts and latency per route (served by main.ts on METRICS_PORT). */
  metrics?: RequestMetrics;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  schemas?: SchemaRegistry;
  /** Set draining by the graceful shutdown: readiness then answers 503 while requests finish. */
  lifecycle?: Lifecycle;
  /** Where form activity goes instead of the database (a deployment's analytics pipeline). */
  formActivitySink?: FormActivitySink;
}

/** `api/redeem-request.schema.json` -> `RedeemRequest`. */
function componentName(id: unknown, i: number): string {
  const base = typeof id === 'string' ? (id.split('/').pop() ?? '').replace(/\.schema\.json$|\.json$/, '') : '';
  return base ? base.replace(/(^|[-_.])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase()) : `Schema${i}`;
}

/** The document shows shapes; Ajv's bookkeeping (message keys, dialect ids) stays out of it. */
function stripValidationKeywords<T>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => !['errorMessage', '$schema', '$id'].includes(key))
        .map(([key, value]) => [key, visit(value)]),
    );
  };
  return visit(document) as T;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const lifecycle = options.lifecycle ?? newLifecycle();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    // request.ip (logs) is the client's only through a configured load balancer (TRUSTED_PROXIES).
    trustProxy: proxyTrust(config.trustedProxies),
    // A request id taken from x-request-id when it looks like one, else made; every log line of the
    // request carries it, and the answer returns it.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    // docs/behaviour.md#calls writes /api/announcements/ with a slash; both spellings answer. A path parameter
    // may be as long as the document says (params() in http/schema-refs.ts); a longer one is 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: 256 * 1024,
    ajv: { customOptions: { strict: false } },
    // A path the router cannot decode answers in the services' error shape, like every other error.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, error.statusCode === 414 ? 414 : 400, error.statusCode === 414 ? PARAM_TOO_LONG : 'The request URL is malformed.');
    },
  });
  // First of all hooks: a request shed for load costs nothing else.
  const loadShedding = await registerLoadShedding(app, config);
  const schemas = options.schemas ?? new SchemaRegistry(config.schemasDir);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  app.decorate('services', createServices({ config, db: database.db, dialect: database.dialect, schemas, mailer, log: app.log, formActivitySink: options.formActivitySink }));
  // The published rules version, read before the first request; with PostgreSQL every publish by any
  // instance is followed (LISTEN plus a 1 s poll) until the app closes.
  const { rules, texts } = app.services;
  await rules.start();
  app.addHook('onClose', async () => rules.stop());
  // The published texts version likewise (texts/service.ts): the sign-in pages and e-mails speak it.
  await texts.start();
  app.addHook('onClose', async () => texts.stop());
  const stopSweep = startFormActivitySweep(app.services.formActivity.sweep, app.log, { outageLogIntervalMs: config.outageLogIntervalMs });
  app.addHook('onClose', async () => stopSweep());
  app.decorateRequest('caller', null as never);
  if (options.metrics) registerRequestMetrics(app, options.metrics);
  registerInputGuard(app);
  registerSecurityHeaders(app, config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (config.instanceId) reply.header('x-instance-id', config.instanceId);
    // The rules version this instance validates with: a portal that sees another hash than its forms
    // use loads that version's validators (docs/admin-area.md).
    reply.header('x-rules-version', rules.published().hash);
    // And the texts version it serves: a portal seeing another hash reloads its texts from /texts/<hash>/.
    reply.header('x-texts-version', texts.published().hash);
    // While draining, each answer ends its keep-alive connection, so the listener can close as
    // soon as the requests in flight are answered instead of waiting out idle connections.
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  // Requests are validated by the same Ajv (and files) as the forms; responses are sent as is.
  for (const [id, schema] of schemas.apiSchemas()) app.addSchema({ ...schema, $id: id });
  app.setValidatorCompiler(({ schema }) => schemas.routeValidator(schema));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  registerErrorHandling(app, { notFound: !options.serveStatic, outageLogIntervalMs: config.outageLogIntervalMs });
  documentCommonAnswers(app);

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type', 'if-match', config.functionKeyHeader],
    exposedHeaders: ['etag', 'retry-after', 'x-rules-version', 'x-texts-version'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Certification portal services',
        description: 'Identity, entitlements and vendors services of the portal (docs/behaviour.md#calls). Every /api route except health and these docs needs a bearer token and the function key header.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicOrigin }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          functionKey: { type: 'apiKey', in: 'header', name: config.functionKeyHeader },
        },
      },
      security: [{ bearer: [], functionKey: [] }],
      tags: [
        { name: 'identity', description: 'Accounts, profiles, announcements' },
        { name: 'entitlements', description: 'Access keys and training products' },
        { name: 'vendors', description: 'Partner tokens, fulfilment, exam-delivery candidates' },
        { name: 'form activity', description: 'What learners do with forms and modals, without personal data; statistics for product owners' },
        { name: 'rules', description: 'The rules console: drafts, checks, approval, publish, roll back, impact (product owners only)' },
        { name: 'service', description: 'Health and documentation' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => componentName(json.$id, i) },
    transformObject: (documents) => stripValidationKeywords('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });
  // From here on, a route is reachable without a token only where it says so.
  denyByDefault(app);
  // Swagger UI's base layout: its standalone layout's top bar draws a logo with an inline <style>,
  // which the portal's policy (style-src 'self') refuses; the page needs nothing else inline.
  await app.register(publicScope(async (docs) => docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { layout: 'BaseLayout' } })));

  app.get(
    '/api/health',
    {
      config: { public: true, ...neverShed },
      schema: { tags: ['service'], summary: 'Answers 200 while the process is alive (readiness: /api/ready)', security: [], response: { 200: { $ref: 'api/health-response.schema.json' } } },
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
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  app.get('/portal-config.json', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return portalConfig(config, { ...rules.published(), baseHash: rules.baseHash }, texts.published());
  });

  // Every service route needs the function key and a bearer token; nothing else is reachable without.
  const authenticate = createAuthenticator(config, options.jwks);
  await app.register(
    authenticatedScope(authenticate, async (scope) => {
      await scope.register(identityRoutes);
      await scope.register(entitlementRoutes);
      await scope.register(vendorRoutes);
      await scope.register(formActivityRoutes);
      await scope.register(rulesAdminRoutes);
      await scope.register(textsAdminRoutes);
    }),
  );
  await app.register(publicScope(rulesModuleRoutes));
  await app.register(publicScope(textsFileRoutes));
  if (!config.production) {
    await app.register(publicScope(outboxRoutes));
    await app.register(galleryRoutes);
  }
  if (options.serveStatic) await registerStatic(app, config, () => ({ ...rules.published(), baseHash: rules.baseHash }), () => texts.published());
  return app;
}
