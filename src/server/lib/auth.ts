import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from '../config';
import { unauthorized } from './errors';
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
      throw unauthorized('A valid function key is required.');
    }
    const authorization = headers.authorization;
    const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    const token = match?.[1];
    if (!token) throw unauthorized('A bearer token is required.');
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
      throw unauthorized('The bearer token is not valid.');
    }
    const accountId = typeof claims.id === 'string' ? claims.id : claims.sub;
    if (!accountId) throw unauthorized('The bearer token names no account.');
    const caller = { accountId, claims };
    verified.set(token, caller);
    return caller;
  };
}
