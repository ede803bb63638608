// Fixed-window limits kept in the database by rate-limiter-flexible's RateLimiterDrizzle (decision
// 0036), so every replica counts the same attempts. An attempt is counted in one upsert before
// anything else is done: parallel requests cannot slip past. The limiter reads the time from Date,
// so tests move it with vitest's fake Date (test-support/test-app.ts, fakeDate); it keeps no timer
// of its own (clearExpiredByTimeout off): the hourly sweep-rate-limits job deletes ended windows.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { sha256Hex } from '../../security/tokens.ts';

export type RateLimit = { name: string; maxHits: number; windowMinutes: number };

/** The counter key: what is limited, its scope, and a hash of the subject (never an email in clear). */
export function rateLimitKey(limit: RateLimit, scope: string | number, subject: string): string {
  return `${limit.name}:${scope}:${sha256Hex(subject)}`;
}

/** The limiter of one limit over a database handle; it holds no state of its own. */
function limiterOf(db: Database, limit: RateLimit): RateLimiterDrizzle {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    // The key already names its limit.
    keyPrefix: '',
    points: limit.maxHits,
    duration: limit.windowMinutes * 60,
    clearExpiredByTimeout: false,
  });
}

export type Attempt =
  /** Counted within the limit: `count` attempts so far in the window (this one included), which ends in `windowSeconds`. */
  | { allowed: true; count: number; windowSeconds: number }
  /** Past the limit: refused until the window ends. */
  | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt against the limit, and says whether it is within it. */
export async function takeAttempt(db: Database, limit: RateLimit, key: string): Promise<Attempt> {
  try {
    const taken = await limiterOf(db, limit).consume(key);
    return {
      allowed: true,
      count: taken.consumedPoints,
      windowSeconds: Math.ceil(taken.msBeforeNext / 1000),
    };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

/** Takes a counted attempt back (it turned out to be the right one), within the same window. */
export async function giveAttemptBack(db: Database, limit: RateLimit, key: string): Promise<void> {
  await limiterOf(db, limit).reward(key);
}

/** Counts one hit; throws RATE_LIMITED with retryAfterSeconds once the window holds more than allowed. */
export async function hitRateLimit(options: { db: Database; limit: RateLimit; key: string }): Promise<void> {
  const attempt = await takeAttempt(options.db, options.limit, options.key);
  if (attempt.allowed) return;
  throw new AppError('RATE_LIMITED', { details: { retryAfterSeconds: attempt.retryAfterSeconds } });
}

/** Deletes the counters whose window ended before `now` (the sweep-rate-limits job). */
export async function sweepRateLimits(db: Database, now: Date): Promise<number> {
  const swept = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, now))
    .returning({ key: rateLimits.key });
  return swept.length;
}
