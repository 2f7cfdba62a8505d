import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { ServerConfig } from '../config';
import type { Database } from '../db';
import { isDatabaseUnavailable } from '../db/unavailable';
import { deleteExpiredPayloads } from './adapter';
import { interactionRoutes, MAX_FORM_BYTES } from './interactions';
import { newestActivation, rotate, secretsAt, type KeyRing, type ProviderSecrets } from './key-ring';
import { keyRingStore } from './signing-keys';
import { createProvider } from './provider';
import { withIdpTables } from './tables';
import { DEFAULT_THROTTLE, signInThrottle, type ThrottleSettings } from './throttle';
import { ensureTlsMaterial } from './tls';
import { proxyTrust } from '../http/client-address';
import { registerErrorHandling, sendFrameworkError } from '../http/errors';
import { registerInputGuard } from '../http/input-guard';
import { loggerOptions } from '../http/logging';
import { registerRequestMetrics, type RequestMetrics } from '../http/metrics';
import { MAX_PARAM_LENGTH } from '../http/schema-refs';
import { hijackWithHeaders, registerSecurityHeaders, strictTransportSecurity } from '../http/security-headers';
import { serverFile } from '../runtime-files';

export interface IdpLogger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface IdentityProviderOptions {
  config: ServerConfig;
  database: Database;
  log?: IdpLogger;
  /** Tests lower the limits and delays; production uses DEFAULT_THROTTLE. */
  throttle?: Partial<ThrottleSettings>;
  /** Request counts and latency per route, as the services count theirs (http/metrics.ts). */
  metrics?: RequestMetrics;
}

export interface IdentityProvider {
  issuer: string;
  jwksUri: string;
  /** PEM of the local CA that signed the provider's certificate (DATA_DIR/tls/ca.pem). */
  caCertPath: string;
  /** Stops accepting, lets requests in flight finish (at most drainMs), then resolves. */
  close(drainMs?: number): Promise<void>;
}

const SWEEP_INTERVAL_MS = 10 * 60_000;
const RETRY_AFTER_SECONDS = 1;

const assets: Record<string, { type: string; body: Buffer }> = {
  '/assets/signin.css': { type: 'text/css; charset=utf-8', body: readFileSync(serverFile('idp/assets/signin.css')) },
  '/assets/logout.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(serverFile('idp/assets/logout.js')) },
  '/assets/favicon.svg': { type: 'image/svg+xml', body: readFileSync(serverFile('idp/assets/favicon.svg')) },
};

/**
 * The server's logger: the process's own (main.ts hands a pino child) or, for a plain logger (tests
 * hand one that collects lines), a pino logger with the services' options whose lines are passed on
 * to it by level.
 */
function fastifyLogger(log: IdpLogger, config: ServerConfig): FastifyBaseLogger {
  const candidate = log as Partial<FastifyBaseLogger>;
  if (typeof candidate.child === 'function' && typeof candidate.level === 'string') return log as FastifyBaseLogger;
  const { level, redact, serializers } = loggerOptions(config);
  return pino(
    { level, redact, serializers },
    {
      write(line: string) {
        const { level: number, msg, ...fields } = JSON.parse(line) as { level: number; msg: string };
        (number >= 50 ? log.error : number >= 40 ? log.warn : log.info).call(log, fields, msg);
      },
    },
  );
}

/**
 * Starts the OpenID Connect provider on its own TLS port, a Fastify server with the services' input
 * guard, error answers, logging and metrics (http/): the sign-in pages are its routes, every other
 * path is the provider's own (provider.callback(), on the raw request). With IDP_PORT 0 it takes a
 * free port and derives the issuer from it (tests); otherwise the issuer comes from the configuration.
 */
export async function startIdentityProvider({ config, database, log = console, throttle, metrics }: IdentityProviderOptions): Promise<IdentityProvider> {
  // Instances on PostgreSQL share their keys through it; the embedded database is one instance's.
  const shared = database.dialect === 'postgres' ? database.db : undefined;
  const keys = keyRingStore(config.dataDir, shared);
  const [tls, firstRing] = await Promise.all([ensureTlsMaterial(config.dataDir), keys.load()]);
  const app = Fastify({
    https: { key: tls.key, cert: tls.cert },
    loggerInstance: fastifyLogger(log, config),
    // request.ip, which the sign-in throttle counts by, is the client's only through a configured
    // load balancer (TRUSTED_PROXIES).
    trustProxy: proxyTrust(config.trustedProxies),
    // The sign-in forms' limit; the provider reads (and limits) its own requests' bodies.
    bodyLimit: MAX_FORM_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: sendFrameworkError,
    // A request that reaches an open connection while close() drains is answered, not refused: the
    // provider has no readiness of its own to take it out of a load balancer's rotation first.
    return503OnClosing: false,
  });
  // Forms post to the provider itself and are redirected on to the portal, which form-action must allow.
  const pageSecurityPolicy = [
    "default-src 'none'",
    "style-src 'self'",
    "script-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${[config.publicOrigin, ...config.corsOrigins].map((o) => new URL(o).origin).join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  const throttleCounter = signInThrottle(database.db, { ...DEFAULT_THROTTLE, ...throttle });
  const UNAVAILABLE = Symbol('database unavailable');
  if (metrics) registerRequestMetrics(app, metrics);
  registerInputGuard(app);
  await app.register(formbody, { bodyLimit: MAX_FORM_BYTES });
  // Every answer of the provider's origin, its protocol endpoints' included.
  // With IDP_PORT 0 the issuer is https://localhost:<port>, where HSTS never applies.
  const hsts = config.idpPort === 0 ? undefined : strictTransportSecurity(config.issuer);
  const originHeaders = {
    'x-content-type-options': 'nosniff',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    ...(config.instanceId ? { 'x-instance-id': config.instanceId } : {}),
  };
  registerSecurityHeaders(app, originHeaders);
  // While the database is away: one line per failure kind and interval, the stack once (outage-log.ts);
  // a sign-in page then answers 503 with Retry-After, as the API does.
  const outages = registerErrorHandling(app, { notFound: false, outageLogIntervalMs: config.outageLogIntervalMs, source: 'identity provider sign-in page' });

  let live: ReturnType<typeof build>;
  /** A provider configured with these keys. */
  function build(secrets: ProviderSecrets) {
    const provider = createProvider({ issuer, config, db: database.db, secrets, pageSecurityPolicy });
    // While the database cannot be reached the provider answers 503 with Retry-After, as the API does:
    // an outage to wait out, not a fault. Its own error handler has rendered the answer by then; only
    // the status changes.
    provider.on('server_error', (ctx, error) => {
      if (isDatabaseUnavailable(error)) {
        (ctx.state as Record<symbol, boolean>)[UNAVAILABLE] = true;
        outages.record('identity provider', error);
      } else app.log.error({ err: error }, 'identity provider error');
    });
    provider.use(async (ctx, next) => {
      await next();
      if ((ctx.state as Record<symbol, boolean>)[UNAVAILABLE]) {
        ctx.status = 503;
        ctx.set('retry-after', String(RETRY_AFTER_SECONDS));
      }
    });
    return { provider, handleProtocol: provider.callback() };
  }

  for (const [path, asset] of Object.entries(assets)) {
    app.get(path, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body));
  }
  await app.register(
    interactionRoutes({
      provider: () => live.provider,
      db: database.db,
      throttle: throttleCounter,
      portalUrl: `${config.publicOrigin}/`,
      pageSecurityPolicy,
      demoSocial: config.demoSocialSignIn,
      grantFirstParty: async (provider, details) => {
        const clientId = details.params.client_id;
        const accountId = details.session?.accountId;
        if (clientId !== config.clientId || !accountId) return undefined;
        const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ clientId, accountId });
        if (!grant) return undefined;
        // Whatever the consent prompt found missing (scopes, claims, API scopes) is granted.
        const missing = details.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
          grant.addResourceScope(resource, scopes.join(' '));
        }
        return grant.save();
      },
    }),
  );
  // Every other path is the provider's: its requests reach it unread (it parses and limits its own
  // bodies), with the origin's headers already on the answer.
  await app.register(async (protocol) => {
    protocol.removeAllContentTypeParsers();
    protocol.addContentTypeParser('*', (_request, _payload, done) => done(null));
    protocol.all('/*', (request, reply) => {
      hijackWithHeaders(reply, originHeaders);
      void live.handleProtocol(request.raw, reply.raw);
    });
  });

  // The provider is built once the port, and so the issuer, is known; the routes above take whichever
  // provider is live when a request comes.
  await app.listen({ port: config.idpPort, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const issuer = config.idpPort === 0 ? `https://localhost:${port}` : config.issuer;
  // The key ring is read again every refreshMs: a key added by another instance (or by
  // `npm run idp:rotate-keys`) is published at once, and used once its time has come. Requests in
  // flight finish on the provider they started on.
  const now = () => new Date();
  let builtWith = JSON.stringify(secretsAt(firstRing, now()));
  live = build(JSON.parse(builtWith) as ProviderSecrets);
  const refreshKeys = async () => {
    const { rotationMs, activationDelayMs, retainMs } = config.idpKeys;
    const due = (ring: KeyRing) => rotationMs > 0 && now().getTime() - newestActivation(ring).getTime() >= rotationMs;
    let ring = await keys.load();
    if (due(ring)) {
      ring = await keys.update(async (current) => (due(current) ? rotate(current, now(), { activationDelayMs, retainMs }) : undefined));
      app.log.warn({ activeFrom: newestActivation(ring).toISOString() }, 'identity provider: new signing keys added');
    }
    const secrets = JSON.stringify(secretsAt(ring, now()));
    if (secrets === builtWith) return;
    live = build(JSON.parse(secrets) as ProviderSecrets);
    builtWith = secrets;
  };
  const keyRefresh = setInterval(() => {
    refreshKeys().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) outages.record('identity provider key ring refresh', error);
      else app.log.warn({ err: error }, 'identity provider: key ring refresh failed');
    });
  }, config.idpKeys.refreshMs);
  keyRefresh.unref();

  const sweep = setInterval(() => {
    deleteExpiredPayloads(withIdpTables(database.db)).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) outages.record('identity provider payload sweep', error);
      else app.log.warn({ err: error }, 'oidc payload sweep failed');
    });
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    caCertPath: tls.caCertPath,
    async close(drainMs = 5_000) {
      clearInterval(sweep);
      clearInterval(keyRefresh);
      // Stops accepting and closes keep-alive connections as they fall idle; requests in flight
      // (a sign-in, a token request) finish first, unless they take longer than drainMs.
      const sweepIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      const cut = setTimeout(() => app.server.closeAllConnections(), drainMs);
      try {
        await app.close();
      } finally {
        clearInterval(sweepIdle);
        clearTimeout(cut);
      }
    },
  };
}
