import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

/**
 * Counts one hit (or `weight` hits at once, e.g. a batch of events) against `key` in a fixed
 * window. The counter lives in the database so every instance behind a load balancer shares it;
 * one upsert keeps it atomic.
 */
export async function hitRateLimit(db: Kysely<DB>, key: string, limit: number, windowMs: number, weight = 1): Promise<RateLimitResult> {
  const now = new Date();
  const windowStartFloor = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: weight, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${windowStartFloor} then excluded.count else rate_limits.count + excluded.count end`,
        window_start: sql<Date>`case when rate_limits.window_start <= ${windowStartFloor} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return toResult(row.count, new Date(row.window_start), limit, windowMs, now);
}

/** Reads the counter without counting a hit. */
export async function peekRateLimit(db: Kysely<DB>, key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const now = new Date();
  const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row || new Date(row.window_start).getTime() <= now.getTime() - windowMs) {
    return { allowed: true, remaining: limit, retryAfterMs: 0 };
  }
  return toResult(row.count, new Date(row.window_start), limit, windowMs, now, true);
}

export async function resetRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

function toResult(count: number, windowStart: Date, limit: number, windowMs: number, now: Date, peek = false): RateLimitResult {
  const allowed = peek ? count < limit : count <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterMs: allowed ? 0 : Math.max(0, windowStart.getTime() + windowMs - now.getTime()),
  };
}
