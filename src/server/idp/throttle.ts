import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../db/rate-limit';
import type { DB } from '../db/types';

export interface ThrottleSettings {
  /** Failed sign-ins allowed per account (email as typed) in one window. */
  accountLimit: number;
  /** Failed sign-ins allowed per client address in one window, across accounts. */
  addressLimit: number;
  windowMs: number;
  /** Each failure answers this much later than the one before, up to maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = {
  accountLimit: 5,
  addressLimit: 20,
  windowMs: 15 * 60_000,
  delayStepMs: 500,
  maxDelayMs: 4_000,
};

const keys = (email: string, address: string) => ({
  account: `signin:account:${email}`,
  address: `signin:address:${address}`,
});

/**
 * Counts failed sign-ins in the shared rate_limits table, so every instance sees the same counts.
 * Only failures count: a busy address that signs in successfully is never locked out.
 */
export function signInThrottle(db: Kysely<DB>, settings: ThrottleSettings) {
  return {
    /** Milliseconds until the next attempt is allowed, or 0. */
    async blockedFor(email: string, address: string): Promise<number> {
      const key = keys(email, address);
      const [account, byAddress] = await Promise.all([
        peekRateLimit(db, key.account, settings.accountLimit, settings.windowMs),
        peekRateLimit(db, key.address, settings.addressLimit, settings.windowMs),
      ]);
      return Math.max(account.retryAfterMs, byAddress.retryAfterMs);
    },
    /** Records a failure and waits the longer the more failures came before it. */
    async failed(email: string, address: string): Promise<void> {
      const key = keys(email, address);
      const [account] = await Promise.all([
        hitRateLimit(db, key.account, settings.accountLimit, settings.windowMs),
        hitRateLimit(db, key.address, settings.addressLimit, settings.windowMs),
      ]);
      const failures = Math.max(settings.accountLimit - account.remaining, 1);
      await sleep(Math.min(settings.delayStepMs * failures, settings.maxDelayMs));
    },
    async succeeded(email: string): Promise<void> {
      await resetRateLimit(db, keys(email, '').account);
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
