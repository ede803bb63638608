// Failed sign-ins counted per (email, client) (AUTH-08, decision 0024): one email from one client
// address, from one trusted device, or from every untrusted client; and every email from one
// address. Kept whether or not the email has an account, so the lockout cannot tell which exist.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const signInFailures = pgTable(
  'sign_in_failures',
  {
    /** The email, trimmed and lower-cased; `*` for every email of one client address. */
    emailKey: text('email_key').notNull(),
    /** `ip:<address>`, `device:<trusted device id>`, or `*` for every untrusted client of the email. */
    clientKey: text('client_key').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.emailKey, table.clientKey] })],
);
