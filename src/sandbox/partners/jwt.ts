import { jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';

/** Verifies an HS256 token with a partner secret; the error's message says why it was refused. */
export async function verifyPartnerJwt(
  token: string | undefined,
  secret: string,
  options: JWTVerifyOptions,
): Promise<{ ok: true; claims: JWTPayload } | { ok: false; reason: string }> {
  if (!token) return { ok: false, reason: 'no token' };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], ...options });
    return { ok: true, claims: payload };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'invalid token' };
  }
}

export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
