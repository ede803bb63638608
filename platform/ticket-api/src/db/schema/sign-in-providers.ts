// Sign-in through a network's OpenID providers (decision 0044): each attempt the shop sends a browser
// to a provider with, and each identity a provider vouched for, waiting for the one call that uses it.
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One trip to a provider's sign-in page: the state the browser carries there and back, the nonce the
 * ID token must hold and the PKCE verifier, none of which the browser sees but the state. Used once.
 */
export const authorizationAttempts = pgTable(
  'authorization_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    networkId: integer('network_id').notNull(),
    /** The provider's id in the network's configuration. */
    providerId: integer('provider_id').notNull(),
    /** The shop's page the provider sends the browser back to, as it was sent to the provider. */
    redirectUri: text('redirect_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('authorization_attempts_state_key').on(table.state),
    index('authorization_attempts_expires_at_idx').on(table.expiresAt),
  ],
);

/** The claims of a verified identity the shop keeps: the ID token's and the user info's. */
export type ProviderClaims = Record<string, unknown>;

/**
 * An identity a provider vouched for (its ID token verified), behind the single-use authProviderToken
 * the browser holds, stored as SHA-256: spent by one sign-in, link or unlink within ten minutes.
 */
export const providerSignIns = pgTable(
  'provider_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    networkId: integer('network_id').notNull(),
    providerId: integer('provider_id').notNull(),
    /** The issuer as the tenant files write it (the identity sandbox's by its placeholder). */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    claims: jsonb('claims').$type<ProviderClaims>().notNull(),
    /** The provider's own tokens, kept in clear for the session's logout at the provider. */
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('provider_sign_ins_token_hash_key').on(table.tokenHash),
    index('provider_sign_ins_expires_at_idx').on(table.expiresAt),
  ],
);

export type AuthorizationAttemptRow = typeof authorizationAttempts.$inferSelect;
export type ProviderSignInRow = typeof providerSignIns.$inferSelect;
