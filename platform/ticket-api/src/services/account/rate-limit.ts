// Fixed-window rate limits kept in the database, so every replica counts the same requests. The
// hit is counted in one upsert before anything else is done: parallel requests cannot slip past.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { sql } from 'drizzle-orm';
import { addMinutes, type Clock } from '../../clock.ts';
import { type Database, queryRows } from '../../db/database.ts';
import { sha256Hex } from '../../security/tokens.ts';

export type RateLimit = { name: string; maxHits: number; windowMinutes: number };

/** The counter key: what is limited, its scope, and a hash of the subject (never an email in clear). */
export function rateLimitKey(limit: RateLimit, scope: string | number, subject: string): string {
  return `${limit.name}:${scope}:${sha256Hex(subject)}`;
}

/** Counts one hit; throws RATE_LIMITED with retryAfterSeconds once the window holds more than allowed. */
export async function hitRateLimit(options: {
  db: Database;
  clock: Clock;
  limit: RateLimit;
  key: string;
}): Promise<void> {
  const { limit } = options;
  const now = options.clock.now();
  const windowStart = addMinutes(now, -limit.windowMinutes);
  const [row] = await queryRows<{ hits: number; window_started_at: Date | string }>(
    options.db,
    sql`
      insert into rate_limit_counters as c (key, hits, window_started_at)
      values (${options.key}, 1, ${now.toISOString()})
      on conflict (key) do update set
        hits = case when c.window_started_at <= ${windowStart.toISOString()} then 1 else c.hits + 1 end,
        window_started_at = case
          when c.window_started_at <= ${windowStart.toISOString()} then ${now.toISOString()}
          else c.window_started_at end
      returning hits, window_started_at`,
  );
  if (!row) throw new Error('the request was not counted');
  if (row.hits <= limit.maxHits) return;
  const windowEnds = addMinutes(new Date(row.window_started_at), limit.windowMinutes);
  throw new AppError('RATE_LIMITED', {
    details: { retryAfterSeconds: Math.max(1, Math.ceil((windowEnds.getTime() - now.getTime()) / 1000)) },
  });
}
