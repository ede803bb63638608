// Counters of fixed-window rate limits (a forgotten-password request per email and network): the
// key names what is limited, never an email in clear.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitCounters = pgTable('rate_limit_counters', {
  /** `<what>:<scope>:<sha-256 of the subject>`. */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
