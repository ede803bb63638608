// Ticket sessions (the userToken of spec 02): random tokens stored hashed, with idle and absolute expiry,
// and the sign-in provider each was opened with.
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { identitySignIns } from './identity.ts';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the 256-bit token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The network the session was opened on. */
    networkId: integer('network_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Moves forward with activity, never past absoluteExpiresAt. */
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The identity sign-in whose id token opened the session (identity_sign_ins); null for a
     * session opened otherwise (a custom token). Ending the sign-in ends the session.
     */
    signInId: uuid('sign_in_id').references(() => identitySignIns.id, { onDelete: 'set null' }),
    /**
     * The network's sign-in provider the session was opened with (decision 0044): the auth user's
     * signedInWith, CAT-03 and the logout at the provider; null for a password, card or guest sign-in.
     */
    authProviderId: integer('auth_provider_id'),
    /** The provider's refresh and ID tokens, for its logout; forgotten when the session ends. */
    providerRefreshToken: text('provider_refresh_token'),
    providerIdToken: text('provider_id_token'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_sign_in_id_idx').on(table.signInId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
