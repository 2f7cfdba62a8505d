import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

// The identity provider's signing keys and cookie keys as a ring: each key has the moment it starts
// being used. A new key is published first (the JWKS lists it, cookies signed with it are accepted)
// and used only from its activeFrom on, which is later than every instance's next look at the ring,
// so no verifier meets a key it has not yet seen. The keys it replaces stay published (tokens and
// sessions made with them keep working) until their successor has been in use for the retention
// time. Pure functions; where the ring is stored is signing-keys.ts.

export interface RingEntry<T> {
  value: T;
  /** ISO time from which the entry signs; published (and accepted) from the moment it is added. */
  activeFrom: string;
}

export interface KeyRing {
  signing: RingEntry<JWK>[];
  cookies: RingEntry<string>[];
}

export interface ProviderSecrets {
  /** Private signing keys: per algorithm the one in use first (oidc-provider signs with the first of an algorithm). */
  jwks: { keys: JWK[] };
  /** Cookie keys, the one in use first (keygrip signs with the first and accepts them all). */
  cookieKeys: string[];
}

export interface RotationSettings {
  /** A new key becomes the one in use this long after it is added (longer than the refresh interval, with room). */
  activationDelayMs: number;
  /** A replaced key stays published this long after its successor took over. */
  retainMs: number;
}

export const SIGNING_ALGORITHMS = ['RS256', 'ES256'] as const;

async function signingKey(alg: (typeof SIGNING_ALGORITHMS)[number]): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg, use: 'sig', kid: await calculateJwkThumbprint(jwk) };
}

const cookieKey = () => randomBytes(32).toString('base64url');
const time = (entry: RingEntry<unknown>) => Date.parse(entry.activeFrom);

/** A first ring, in use at once (nothing has seen other keys); or the keys an earlier version kept. */
export async function newKeyRing(existing?: { jwks?: { keys: JWK[] }; cookieKeys?: string[] }, now = new Date()): Promise<KeyRing> {
  const activeFrom = now.toISOString();
  const keys = existing?.jwks?.keys ?? (await Promise.all(SIGNING_ALGORITHMS.map(signingKey)));
  const cookies = existing?.cookieKeys ?? [cookieKey()];
  return { signing: keys.map((value) => ({ value, activeFrom })), cookies: cookies.map((value) => ({ value, activeFrom })) };
}

/** In use now, newest first; then those not yet in use, soonest first. */
function ordered<T>(entries: RingEntry<T>[], now: Date): RingEntry<T>[] {
  const active = entries.filter((e) => time(e) <= now.getTime()).sort((a, b) => time(b) - time(a));
  const pending = entries.filter((e) => time(e) > now.getTime()).sort((a, b) => time(a) - time(b));
  return [...active, ...pending];
}

/** What the provider is configured with at `now`. */
export function secretsAt(ring: KeyRing, now: Date): ProviderSecrets {
  return { jwks: { keys: ordered(ring.signing, now).map((e) => e.value) }, cookieKeys: ordered(ring.cookies, now).map((e) => e.value) };
}

/** When the newest key of the ring took or takes over: the age that decides the next rotation. */
export function newestActivation(ring: KeyRing): Date {
  return new Date(Math.max(...ring.signing.map(time)));
}

/** Drops the entries of a group whose successor has been in use for longer than retainMs. */
function retained<T>(entries: RingEntry<T>[], group: (value: T) => string, now: Date, retainMs: number): RingEntry<T>[] {
  return entries.filter((entry) => {
    const successors = entries.filter(
      (other) => group(other.value) === group(entry.value) && time(other) > time(entry) && time(other) <= now.getTime() - retainMs,
    );
    return successors.length === 0;
  });
}

/**
 * A rotation: a new key per algorithm and a new cookie key, in use from now + activationDelayMs, and
 * the keys that have been replaced for longer than retainMs dropped.
 */
export async function rotate(ring: KeyRing, now: Date, settings: RotationSettings): Promise<KeyRing> {
  const activeFrom = new Date(now.getTime() + settings.activationDelayMs).toISOString();
  const fresh = await Promise.all(SIGNING_ALGORITHMS.map(signingKey));
  const signing = [...ring.signing, ...fresh.map((value) => ({ value, activeFrom }))];
  const cookies = [...ring.cookies, { value: cookieKey(), activeFrom }];
  return {
    signing: retained(signing, (jwk) => String(jwk.alg), now, settings.retainMs),
    cookies: retained(cookies, () => 'cookie', now, settings.retainMs),
  };
}
