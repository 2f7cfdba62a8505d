import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from '../config';
import type { Database } from '../db';
import { isDatabaseUnavailable } from '../db/unavailable';
import { deleteExpiredPayloads } from './adapter';
import { interactionRoutes } from './interactions';
import { newestActivation, rotate, secretsAt, type KeyRing, type ProviderSecrets } from './key-ring';
import { keyRingStore } from './signing-keys';
import { createProvider } from './provider';
import { withIdpTables } from './tables';
import { DEFAULT_THROTTLE, signInThrottle, type ThrottleSettings } from './throttle';
import { ensureTlsMaterial } from './tls';
import { proxyTrust } from '../http/client-address';
import { outageLog } from '../http/outage-log';
import { strictTransportSecurity } from '../http/security-headers';
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

function serveAsset(req: IncomingMessage, res: ServerResponse): boolean {
  const asset = req.method === 'GET' ? assets[new URL(req.url ?? '/', 'https://provider.invalid').pathname] : undefined;
  if (!asset) return false;
  res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' });
  res.end(asset.body);
  return true;
}

/**
 * Starts the OpenID Connect provider on its own TLS port. With IDP_PORT 0 it takes a free port and
 * derives the issuer from it (tests); otherwise the issuer comes from the configuration.
 */
export async function startIdentityProvider({ config, database, log = console, throttle }: IdentityProviderOptions): Promise<IdentityProvider> {
  // Instances on PostgreSQL share their keys through it; the embedded database is one instance's.
  const shared = database.dialect === 'postgres' ? database.db : undefined;
  const keys = keyRingStore(config.dataDir, shared);
  const [tls, firstRing] = await Promise.all([ensureTlsMaterial(config.dataDir), keys.load()]);
  const server = createServer({ key: tls.key, cert: tls.cert });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.idpPort, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = config.idpPort === 0 ? `https://localhost:${port}` : config.issuer;

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
  const trustProxy = proxyTrust(config.trustedProxies);
  const UNAVAILABLE = Symbol('database unavailable');
  // While the database is away: one line per failure kind and interval, the stack once (outage-log.ts).
  const outages = outageLog(log, { intervalMs: config.outageLogIntervalMs });

  /** A provider configured with these keys, and its two request handlers. */
  function build(secrets: ProviderSecrets) {
    const provider = createProvider({ issuer, config, db: database.db, secrets, pageSecurityPolicy });
    // While the database cannot be reached the provider answers 503 with Retry-After, as the API does:
    // an outage to wait out, not a fault. Its own error handler has rendered the answer by then; only
    // the status changes.
    provider.on('server_error', (ctx, error) => {
      if (isDatabaseUnavailable(error)) {
        (ctx.state as Record<symbol, boolean>)[UNAVAILABLE] = true;
        outages.record('identity provider', error);
      } else log.error({ err: error }, 'identity provider error');
    });
    provider.use(async (ctx, next) => {
      await next();
      if ((ctx.state as Record<symbol, boolean>)[UNAVAILABLE]) {
        ctx.status = 503;
        ctx.set('retry-after', String(RETRY_AFTER_SECONDS));
      }
    });

    const handleInteraction = interactionRoutes({
      provider,
      db: database.db,
      throttle: throttleCounter,
      trustProxy,
      portalUrl: `${config.publicOrigin}/`,
      pageSecurityPolicy,
      demoSocial: config.demoSocialSignIn,
      grantFirstParty: async (details) => {
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
    });
    const handleProtocol = provider.callback();
    return { handleInteraction, handleProtocol };
  }

  // The key ring is read again every refreshMs: a key added by another instance (or by
  // `npm run idp:rotate-keys`) is published at once, and used once its time has come. Requests in
  // flight finish on the provider they started on.
  const now = () => new Date();
  let builtWith = JSON.stringify(secretsAt(firstRing, now()));
  let live = build(JSON.parse(builtWith) as ProviderSecrets);
  const refreshKeys = async () => {
    const { rotationMs, activationDelayMs, retainMs } = config.idpKeys;
    const due = (ring: KeyRing) => rotationMs > 0 && now().getTime() - newestActivation(ring).getTime() >= rotationMs;
    let ring = await keys.load();
    if (due(ring)) {
      ring = await keys.update(async (current) => (due(current) ? rotate(current, now(), { activationDelayMs, retainMs }) : undefined));
      log.warn({ activeFrom: newestActivation(ring).toISOString() }, 'identity provider: new signing keys added');
    }
    const secrets = JSON.stringify(secretsAt(ring, now()));
    if (secrets === builtWith) return;
    live = build(JSON.parse(secrets) as ProviderSecrets);
    builtWith = secrets;
  };
  const keyRefresh = setInterval(() => {
    refreshKeys().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) outages.record('identity provider key ring refresh', error);
      else log.warn({ err: error }, 'identity provider: key ring refresh failed');
    });
  }, config.idpKeys.refreshMs);
  keyRefresh.unref();

  const hsts = strictTransportSecurity(issuer);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (hsts) res.setHeader('strict-transport-security', hsts);
    res.setHeader('x-content-type-options', 'nosniff');
    if (config.instanceId) res.setHeader('x-instance-id', config.instanceId);
    if (serveAsset(req, res)) return;
    const { handleInteraction, handleProtocol } = live;
    handleInteraction(req, res)
      .then((handled) => {
        if (!handled) return handleProtocol(req, res);
      })
      .catch((error: unknown) => {
        const unavailable = isDatabaseUnavailable(error);
        // A refusal of the request itself (a body over the limit) is the caller's, not a failure.
        const refused = (error as { statusCode?: number }).statusCode === 413;
        if (unavailable) outages.record('identity provider sign-in page', error);
        else if (!refused) log.error({ err: error }, 'identity provider sign-in page failed');
        if (!res.headersSent) {
          res.writeHead(unavailable ? 503 : refused ? 413 : 500, {
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
            ...(unavailable ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}),
            // The rest of an over-long body is never read: the connection ends with the answer.
            ...(refused ? { connection: 'close' } : {}),
          });
        }
        res.end();
      });
  });

  const sweep = setInterval(() => {
    deleteExpiredPayloads(withIdpTables(database.db)).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) outages.record('identity provider payload sweep', error);
      else log.warn({ err: error }, 'oidc payload sweep failed');
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
      outages.flush();
      await new Promise<void>((resolve) => {
        // Stops accepting and closes keep-alive connections as they fall idle; requests in flight
        // (a sign-in, a token request) finish first, unless they take longer than drainMs.
        const sweepIdle = setInterval(() => server.closeIdleConnections(), 100);
        const cut = setTimeout(() => server.closeAllConnections(), drainMs);
        server.close(() => {
          clearInterval(sweepIdle);
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
