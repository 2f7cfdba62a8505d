import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { formActivityRoutes } from './activity/routes';
import type { FormActivitySink } from './activity/sink';
import { startFormActivitySweep } from './activity/sweep';
import { startWatch } from './activity/watch';
import type { ServerConfig } from './config';
import type { Database } from './db';
import { entitlementRoutes } from './entitlements/routes';
import { galleryRoutes } from './forms/gallery-routes';
import { authenticatedScope, createAuthenticator, denyByDefault, publicScope, type KeySource } from './http/auth';
import { registerErrorHandling, sendFrameworkError } from './http/errors';
import { documentCommonAnswers } from './http/common-answers';
import { registerInputGuard } from './http/input-guard';
import { registerLoadShedding } from './http/load-shedding';
import { registerApiDocs, registerOpenApi } from './http/openapi';
import { serviceRoutes } from './http/service-routes';
import { loggerOptions, type LogStream } from './http/logging';
import { registerRequestMetrics, type RequestMetrics } from './http/metrics';
import { portalSecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { MAX_PARAM_LENGTH } from './http/schema-refs';
import { SchemaRegistry } from './http/schema-registry';
import { registerStatic } from './http/static';
import { registerCompression } from './http/compression';
import { identityRoutes } from './identity/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { outboxRoutes } from './mail/outbox-routes';
import { proxyTrust } from './http/client-address';
import { scheduleRoutes } from './publish/schedule-routes';
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
    frameworkErrors: sendFrameworkError,
  });
  // First of all hooks: a request shed for load costs nothing else.
  const loadShedding = await registerLoadShedding(app, config);
  const schemas = options.schemas ?? new SchemaRegistry(config.schemasDir);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  app.decorate(
    'services',
    createServices({ config, db: database.db, dialect: database.dialect, schemas, mailer, log: app.log, formActivitySink: options.formActivitySink }),
  );
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
  // The watch over published rules versions: daily, on whichever instance's turn it is (activity/watch.ts).
  const stopWatch = startWatch(app.services.watch, app.log);
  app.addHook('onClose', async () => stopWatch());
  // Scheduled publishes and ends: every instance looks every second; one takes each at its time.
  app.services.scheduler.start();
  app.addHook('onClose', async () => app.services.scheduler.stop());
  app.decorateRequest('caller', null as never);
  // The rules a request is judged by are taken once, as it arrives: every write it makes is validated
  // with them and its answer names them (x-rules-version), even when a publish comes into force before
  // it is answered. A version comes into force only with its validators built (rules/service.ts).
  app.decorateRequest('rulesInForce', null as never);
  app.addHook('onRequest', async (request) => {
    request.rulesInForce = rules.published();
  });
  if (options.metrics) registerRequestMetrics(app, options.metrics);
  registerInputGuard(app);
  registerSecurityHeaders(app, portalSecurityHeaders(config));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (config.instanceId) reply.header('x-instance-id', config.instanceId);
    // The rules version this request was judged by (a request shed or refused before it had one: the
    // version in force): a portal that sees another hash than its forms use loads that version's
    // validators (docs/admin-area.md).
    reply.header('x-rules-version', (request.rulesInForce ?? rules.published()).hash);
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

  await registerOpenApi(app, config);
  await registerCompression(app);
  // From here on, a route is reachable without a token only where it says so.
  denyByDefault(app);
  await registerApiDocs(app);
  serviceRoutes(app, { config, database, lifecycle, loadShedding });

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
      await scope.register(scheduleRoutes('rules', 'product-owner'));
      await scope.register(scheduleRoutes('texts', 'localisation'));
    }),
  );
  await app.register(publicScope(rulesModuleRoutes));
  await app.register(publicScope(textsFileRoutes));
  if (!config.production) {
    await app.register(publicScope(outboxRoutes));
    await app.register(galleryRoutes);
  }
  if (options.serveStatic)
    await registerStatic(
      app,
      config,
      (request) => ({ ...(request.rulesInForce ?? rules.published()), baseHash: rules.baseHash }),
      () => texts.forPortal(),
    );
  return app;
}
