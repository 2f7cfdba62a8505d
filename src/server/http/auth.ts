import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import type { ServerConfig } from '../config';
import { forbidden, unauthenticated } from '../errors';
import { fetchTrusting } from './tls-fetch';

/** Where the verifier gets the identity provider's public keys: a key function or a jwks_uri. */
export type KeySource = JWTVerifyGetKey | { jwksUri: string; caCertPath?: string };

export interface Caller {
  /** The account the token belongs to (claim `id`, else `sub`). */
  accountId: string;
  claims: JWTPayload;
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
    const caller = { accountId, claims };
    verified.set(token, caller);
    return caller;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;

// Deny by default. A route answers without a token only when it is registered inside a public
// scope or declares `config: { public: true }`; every other route must be registered inside an
// authenticated scope, whose onRequest hook runs for the matched route whatever spelling of the
// path reached it. A route that is neither stops the server at start-up.
const ACCESS = Symbol('route access');
type Access = 'authenticated' | 'public';
type Scoped = FastifyInstance & { [ACCESS]?: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a bearer token and function key. */
    public?: boolean;
    /** The admin role the caller's token must carry (claim `roles`); else 403. */
    role?: AdminRole;
  }
}

/** The admin roles an account may hold (docs/admin-area.md, "Roles"). */
export type AdminRole = 'product-owner' | 'localisation';

/** The roles the token carries: its `roles` claim, an array of strings (absent when none). */
export function rolesOf(caller: Caller): string[] {
  const roles = caller.claims.roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

/** 403 unless the route needs no role or the caller's token carries the one it declares. */
export function requireRole(caller: Caller, role: AdminRole | undefined): void {
  if (role !== undefined && !rolesOf(caller).includes(role)) throw forbidden('This account does not hold the role this call needs.');
}

const ADMIN_PREFIX = '/api/admin/';

export function denyByDefault(app: FastifyInstance): void {
  app.addHook('onRoute', function check(this: Scoped, route: RouteOptions) {
    // An admin route says which role it needs, and a role is checked only for an authenticated
    // caller: a route that breaks either stops the server at start-up.
    if (route.url.startsWith(ADMIN_PREFIX) && !route.config?.role) throw new Error(`${route.url} is an admin route without a role`);
    if (route.config?.role && this[ACCESS] !== 'authenticated') throw new Error(`${route.url} needs a role outside an authenticated scope`);
    if (this[ACCESS] || route.config?.public === true) return;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(`${methods} ${route.url} is neither in an authenticated scope nor declared public`);
  });
}

/** Routes registered by `routes` need the function key and a valid bearer token; `request.caller` is set. */
export function authenticatedScope(authenticate: Authenticate, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    (scope as Scoped)[ACCESS] = 'authenticated';
    scope.addHook('onRequest', async (request) => {
      request.caller = await authenticate(request.headers);
      requireRole(request.caller, request.routeOptions.config.role);
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
