// Codes sent by email (verification link, password reset, legacy actions, sign-in links), stored hashed.
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const oneTimeCodePurposeEnum = pgEnum('one_time_code_purpose', [
  'EMAIL_VERIFICATION',
  'PASSWORD_RESET',
  'LEGACY_PASSWORD_CHANGE',
  'LEGACY_EMAIL_VERIFICATION',
  'LEGACY_ACCOUNT_ANONYMIZATION',
  'SIGN_IN_TOKEN',
]);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the code. */
    codeHash: text('code_hash').notNull(),
    purpose: oneTimeCodePurposeEnum('purpose').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The network whose shop sent it (links and texts are the network's). */
    networkId: integer('network_id').notNull(),
    /** The address a verification code was sent to: it verifies that address only. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('one_time_codes_code_hash_key').on(table.codeHash),
    index('one_time_codes_user_id_idx').on(table.userId),
  ],
);

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
