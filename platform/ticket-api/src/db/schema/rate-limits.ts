// The counters of rate-limiter-flexible's RateLimiterDrizzle (decision 0036): one row per limited key,
// so every replica on the database counts the same attempts. The key names what is limited, never an
// email, an address or a card number in clear.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limit>:<sha-256 of the subject>`. */
    key: text('key').primaryKey(),
    /** The attempts counted in the current window. */
    points: integer('points').notNull(),
    /** When the window ends; the limiter starts a new one at the next attempt after it. */
    expire: timestamp('expire', { withTimezone: true }),
  },
  // The hourly sweep deletes the rows whose window has ended.
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);
