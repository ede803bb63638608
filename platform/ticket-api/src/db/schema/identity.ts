// Our identity provider's records: identity accounts with their password hashes, their sign-ins
// with the refresh tokens and the devices they trust, the key that signs id tokens, and the sign-in
// providers linked to an account.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** An identity of our provider: what an id token's `sub` names. Anonymous ones are guests'. */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    /** argon2id in PHC form; null for an anonymous identity or one that has not set a password. */
    passwordHash: text('password_hash'),
    anonymous: boolean('anonymous').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('identity_accounts_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('identity_accounts_user_id_key').on(table.userId),
  ],
);

/**
 * A person at a sign-in provider (KEYCLOAK, FRANCECONNECT) linked to an account (decision 0044):
 * keyed by issuer and subject, as accounts are, across networks; one per issuer and account.
 */
export const identities = pgTable(
  'identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id in the configuration of the network it was linked on. */
    providerId: integer('provider_id').notNull(),
    /**
     * The issuer as the tenant files write it (the identity sandbox's by its placeholder, so that
     * a sandbox on another port keeps its identities); a network's providers are found by it.
     */
    issuer: text('issuer').notNull(),
    /** The provider's own id of the person. */
    subject: text('subject').notNull(),
    /** When it was linked. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('identities_issuer_subject_key').on(table.issuer, table.subject),
    unique('identities_user_issuer_key').on(table.userId, table.issuer),
  ],
);

/**
 * One sign-in of an identity (decision 0024): what its id tokens name in `sid`, the family of its
 * refresh tokens (`refresh_tokens.family_id`) and the sessions opened with it (`sessions.sign_in_id`).
 * Revoked, none of them is accepted any more.
 */
export const identitySignIns = pgTable(
  'identity_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identityAccountId: uuid('identity_account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('identity_sign_ins_identity_account_id_idx').on(table.identityAccountId)],
);

/**
 * Browsers that signed an identity in with its password (decision 0024): the device cookie's token,
 * stored as SHA-256, lets its holder sign in while other addresses have locked the account. One
 * browser's token may stand for several identities (a shared computer).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    identityAccountId: uuid('identity_account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('trusted_devices_token_identity_key').on(table.tokenHash, table.identityAccountId),
    index('trusted_devices_identity_account_id_idx').on(table.identityAccountId),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use replaces the token by a new one of the same
 * family; a used token shown again revokes its whole family (it was copied).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    identityAccountId: uuid('identity_account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_identity_account_id_idx').on(table.identityAccountId),
    index('refresh_tokens_family_id_idx').on(table.familyId),
  ],
);

/** The key pair that signs id tokens, generated once so every replica signs and verifies alike. */
export const identitySigningKeys = pgTable(
  'identity_signing_keys',
  {
    /** The key id written in the tokens' `kid` header. */
    id: text('id').primaryKey(),
    algorithm: text('algorithm').notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A retired key only verifies tokens it signed before; it signs nothing new. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  // One key in use at a time: of two replicas generating one at once, the second insert is refused.
  (table) => [
    uniqueIndex('identity_signing_keys_current_key').on(sql`(true)`).where(sql`${table.retiredAt} is null`),
  ],
);

export type IdentityAccountRow = typeof identityAccounts.$inferSelect;
export type LinkedIdentityRow = typeof identities.$inferSelect;
