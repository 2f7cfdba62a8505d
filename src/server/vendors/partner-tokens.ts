import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

const secretKey = (secret: string) => new TextEncoder().encode(secret);

/** A short-lived HS256 token for a partner, signed with that partner's own secret. */
export function partnerJwt(secret: string, claims: Record<string, unknown>, options: { issuer: string; audience: string; subject: string }) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setSubject(options.subject)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(secretKey(secret));
}

/** Zendesk's JWT: exactly name, email, external_id, iat and jti, HS256. */
export function zendeskJwt(secret: string, user: { name: string; email: string; externalId: string }) {
  return new SignJWT({ name: user.name, email: user.email, external_id: user.externalId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setJti(randomUUID())
    .sign(secretKey(secret));
}

/**
 * The exam-delivery launch hash (EXTERNAL_AUTH_HASH): base64 HMAC-SHA256 with the partner secret of
 * CLIENT_CODE + VUE_CANDIDATE_ID + EXTERNAL_PAGE_TIMESTAMP + EXTERNAL_SESSION_TIMEOUT.
 */
export function pearsonHash(
  secret: string,
  fields: { clientCode: string; vueCandidateId: string; externalPageTimestamp: string; externalSessionTimeout: string },
) {
  return createHmac('sha256', secret)
    .update(`${fields.clientCode}${fields.vueCandidateId}${fields.externalPageTimestamp}${fields.externalSessionTimeout}`)
    .digest('base64');
}
