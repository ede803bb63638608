// Failed sign-ins per normalised email, kept whether or not the email has an account (AUTH-08),
// so the lockout cannot tell which emails exist.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const signInAttempts = pgTable('sign_in_attempts', {
  /** The email, trimmed and lower-cased. */
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
