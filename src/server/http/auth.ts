import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { rolesOf, type AdminRole } from '../../shared/admin/roles';
import type { ServerConfig } from '../config';
import { forbidden, unauthenticated } from '../errors';
import { fetchTrusting } from './tls-fetch';

/** Where the verifier gets the identity provider's public keys: a key function or a jwks_uri. */
export type KeySource = JWTVerifyGetKey | { jwksUri: string; caCertPath?: string };

export interface Caller {
  /** The account the token belongs to (claim `id`, else `sub`). */
  accountId: string;
  claims: JWTPayload;
  /** The admin roles the token carries (claim `roles`); empty for a learner. */
  roles: AdminRole[];
}

export function keyFunction(source: KeySource): JWTVerifyGetKey {
  if (typeof source === 'function') return source;
  const options = source.caCertPath ? { [customFetch]: fetchTrusting(source.caCertPath) } : {};
  return createRemoteJWKSet(new URL(source.jwksUri), options);
}

type AuthConfig = Pick<ServerConfig, 'issuer' | 'apiAudience' | 'clientId' | 'bearerToken' | 'functionKey' | 'functionKeyHeader'>;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const CACHE_SIZE = 5000;
const CACHE_TTL_MS = 60_000;

/**
 * Tokens already verified, until their expiry (at most a minute): a learner's requests repeat the
 * same token, and RS256 verification is the largest fixed cost of a request. A per-process cache of
 * immutable facts; another instance simply verifies again.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { caller: Caller; until: number }>();

  get(token: string): Caller | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.caller;
  }

  set(token: string, caller: Caller): void {
    const expiry = typeof caller.claims.exp === 'number' ? caller.claims.exp * 1000 : 0;
    const until = Math.min(expiry, Date.now() + CACHE_TTL_MS);
    if (until <= Date.now()) return;
    if (this.entries.size >= CACHE_SIZE) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { caller, until });
  }
}

/**
 * Checks the function key header and the bearer token (issuer, audience, expiry and, for access
 * tokens, typ at+jwt). Every failure is a 401.
 */
export function createAuthenticator(config: AuthConfig, source: KeySource) {
  const keys = keyFunction(source);
  const idTokens = config.bearerToken === 'id';
  const verified = new VerifiedTokens();
  return async (headers: Record<string, string | string[] | undefined>): Promise<Caller> => {
    const functionKey = headers[config.functionKeyHeader.toLowerCase()];
    if (typeof functionKey !== 'string' || !sameSecret(functionKey, config.functionKey)) {
      throw unauthenticated('A valid function key is required.');
    }
    const authorization = headers.authorization;
    const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    const token = match?.[1];
    if (!token) throw unauthenticated('A bearer token is required.');
    const known = verified.get(token);
    if (known) return known;
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: idTokens ? config.clientId : config.apiAudience,
        ...(idTokens ? {} : { typ: 'at+jwt' }),
        requiredClaims: ['exp'],
      }));
    } catch {
      throw unauthenticated('The bearer token is not valid.');
    }
    const accountId = typeof claims.id === 'string' ? claims.id : claims.sub;
    if (!accountId) throw unauthenticated('The bearer token names no account.');
    const caller = { accountId, claims, roles: rolesOf(claims.roles) };
    verified.set(token, caller);
    return caller;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;

// Deny by default. A route answers without a token only when it is registered inside a public
// scope or declares `config: { public: true }`; every other route must be registered inside an
// authenticated scope, whose onRequest hook runs for the matched route whatever spelling of the
// path reached it. A route that is neither stops the server at start-up.
//
// Admin routes (everything under /api/admin/, docs/admin-area.md) also declare the role they need
// (`config: { role: 'product-owner' }`): after the token is verified, a caller without that role gets
// 403, before the body is even validated. An admin route that declares no role, or one outside an
// authenticated scope, stops the server at start-up too.
const ACCESS = Symbol('route access');
type Access = 'authenticated' | 'public';
type Scoped = FastifyInstance & { [ACCESS]?: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a bearer token and function key. */
    public?: boolean;
    /** The admin role a caller needs (checked after authentication; required under /api/admin/). */
    role?: AdminRole;
  }
}

/** Whether a route pattern is an admin route: its first two segments are `api` and `admin`. */
export function isAdminRoute(url: string): boolean {
  const [first, api, admin] = url.split('/');
  return first === '' && api === 'api' && admin === 'admin';
}

export function denyByDefault(app: FastifyInstance): void {
  app.addHook('onRoute', function check(this: Scoped, route: RouteOptions) {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const role = route.config?.role;
    if (role !== undefined || isAdminRoute(route.url)) {
      if (this[ACCESS] !== 'authenticated' || route.config?.public === true)
        throw new Error(`${methods} ${route.url} declares an admin role but is not in an authenticated scope`);
      if (role === undefined) throw new Error(`${methods} ${route.url} is an admin route and declares no role`);
      if (!(rolesOf([role]).length === 1)) throw new Error(`${methods} ${route.url} declares an unknown role ${JSON.stringify(role)}`);
      return;
    }
    if (this[ACCESS] || route.config?.public === true) return;
    throw new Error(`${methods} ${route.url} is neither in an authenticated scope nor declared public`);
  });
}

/**
 * Routes registered by `routes` need the function key and a valid bearer token; `request.caller` is
 * set. A route that declares a role is refused with 403 to a caller whose token does not carry it.
 */
export function authenticatedScope(authenticate: Authenticate, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    (scope as Scoped)[ACCESS] = 'authenticated';
    scope.addHook('onRequest', async (request) => {
      request.caller = await authenticate(request.headers);
      const role = request.routeOptions.config.role;
      if (role !== undefined && !request.caller.roles.includes(role)) throw forbidden(`This call needs the role ${role}.`);
    });
    await scope.register(routes);
  };
}

/** Routes registered by `routes` (static files, documentation) answer without a token. */
export function publicScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    (scope as Scoped)[ACCESS] = 'public';
    await scope.register(routes);
  };
}
