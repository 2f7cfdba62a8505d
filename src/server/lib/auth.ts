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

/**
 * Checks the function key header and the bearer token (issuer, audience, expiry and, for access
 * tokens, typ at+jwt). Every failure is a 401.
 */
export function createAuthenticator(config: AuthConfig, source: KeySource) {
  const keys = keyFunction(source);
  const idTokens = config.bearerToken === 'id';
  return async (headers: Record<string, string | string[] | undefined>): Promise<Caller> => {
    const functionKey = headers[config.functionKeyHeader.toLowerCase()];
    if (typeof functionKey !== 'string' || !sameSecret(functionKey, config.functionKey)) {
      throw unauthorized('A valid function key is required.');
    }
    const authorization = headers.authorization;
    const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    if (!match?.[1]) throw unauthorized('A bearer token is required.');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(match[1], keys, {
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
    return { accountId, claims };
  };
}
