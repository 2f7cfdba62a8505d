import type { AccountInfo } from '@azure/msal-browser';
import { decodeJwt } from 'jose';

/** The account id is the token's `id` claim (docs/behaviour.md#entities); the subject is the fallback. */
export function accountIdFrom(account: AccountInfo, accessToken?: string): string | null {
  const fromId = (account.idTokenClaims as { id?: unknown } | undefined)?.id;
  if (typeof fromId === 'string' && fromId) return fromId;
  if (accessToken) {
    try {
      const claims = decodeJwt(accessToken);
      if (typeof claims.id === 'string' && claims.id) return claims.id;
    } catch {
      // An opaque access token carries no claims; use the subject below.
    }
  }
  return (account.idTokenClaims as { sub?: string } | undefined)?.sub ?? null;
}
