import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { hitRateLimit } from '../db/rate-limit';
import type { DB } from '../db/types';

// Sign-in throttling (OWASP ASVS 5.0, V6.3: brute force and credential stuffing are slowed without
// letting anyone lock the rightful owner out). Three counters in the shared rate_limits table, so
// every instance sees the same counts:
//
// - account and address together: an attacker's address gets a few tries at one account, then waits
//   for the window; the owner, from another address, is not affected;
// - address: one address guessing across many accounts (credential stuffing) is stopped;
// - account: a ceiling far above one address's share, so only a distributed attack reaches it, and
//   then the account is protected at the cost of waiting out the window.
//
// Every attempt is counted atomically (one upsert each) BEFORE the password is checked, so
// concurrent guesses cannot slip past the limits; a successful sign-in gives its count back and
// clears the pair. Each failure answers later than the one before (progressive delay).

export interface ThrottleSettings {
  /** Failed sign-ins allowed for one account from one address in a window. */
  pairLimit: number;
  /** Failed sign-ins allowed from one address across all accounts in a window. */
  addressLimit: number;
  /** Failed sign-ins allowed for one account from all addresses in a window (the ceiling). */
  accountLimit: number;
  windowMs: number;
  /** Each failure answers this much later than the one before, up to maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = {
  pairLimit: 5,
  addressLimit: 100,
  accountLimit: 100,
  windowMs: 15 * 60_000,
  delayStepMs: 500,
  maxDelayMs: 4_000,
};

const keys = (email: string, address: string) => ({
  pair: `signin:pair:${address}:${email}`,
  address: `signin:address:${address}`,
  account: `signin:account:${email}`,
});

export type Attempt = { allowed: false; retryAfterMs: number } | { allowed: true; failureDelayMs: number };

export function signInThrottle(db: Kysely<DB>, settings: ThrottleSettings) {
  const giveBack = (key: string) =>
    db
      .updateTable('rate_limits')
      .set({ count: sql<number>`greatest(count - 1, 0)` })
      .where('key', '=', key)
      .execute();

  return {
    /** Counts the attempt, then says whether it may go on (and how long a failure should wait). */
    async attempt(email: string, address: string): Promise<Attempt> {
      const key = keys(email, address);
      const [pair, byAddress, account] = await Promise.all([
        hitRateLimit(db, key.pair, settings.pairLimit, settings.windowMs),
        hitRateLimit(db, key.address, settings.addressLimit, settings.windowMs),
        hitRateLimit(db, key.account, settings.accountLimit, settings.windowMs),
      ]);
      const blocked = [pair, byAddress, account].filter((r) => !r.allowed);
      if (blocked.length > 0) return { allowed: false, retryAfterMs: Math.max(...blocked.map((r) => r.retryAfterMs)) };
      const failures = Math.max(settings.pairLimit - pair.remaining, 1);
      return { allowed: true, failureDelayMs: Math.min(settings.delayStepMs * failures, settings.maxDelayMs) };
    },
    /** After a wrong password: the answer waits the delay the attempt was given. */
    async failed(attempt: Extract<Attempt, { allowed: true }>): Promise<void> {
      await sleep(attempt.failureDelayMs);
    },
    /** After the right password: the attempt is not a failure, and the pair starts afresh. */
    async succeeded(email: string, address: string): Promise<void> {
      const key = keys(email, address);
      await Promise.all([db.deleteFrom('rate_limits').where('key', '=', key.pair).execute(), giveBack(key.address), giveBack(key.account)]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
