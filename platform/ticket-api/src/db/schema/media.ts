// Transport cards (decision 0032): the links between an account and a card of the network, and what
// the demo card registry keeps of the shop's changes to its cards (incidents, issued cards, loadings).
import { INCIDENT_KINDS } from '@transit-shop/sdk/contract/media';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const incidentKindEnum = pgEnum('incident_kind', INCIDENT_KINDS);

/**
 * What proved that the account holds the card when it was linked (decision 0036): its holder's birth
 * date, the code printed on it (a network that hides the birth date), or the shop issuing it to the
 * account. Links made before proofs were recorded have none.
 */
export const MEDIA_LINK_PROOFS = ['BIRTH_DATE', 'PRINTED_CODE', 'ISSUED'] as const;
export type MediaLinkProof = (typeof MEDIA_LINK_PROOFS)[number];
export const mediaLinkProofEnum = pgEnum('media_link_proof', MEDIA_LINK_PROOFS);

/** A card linked to an account; its id is the contract's mediaId. Removing a link keeps its row. */
export const mediaLinks = pgTable(
  'media_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id').notNull(),
    /** The account holder who linked it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The holder's traveller profile it is paired with; null for the holder. */
    profileId: integer('profile_id').references(() => users.id),
    /** Digits only. */
    number: text('number').notNull(),
    /** The ticketing system that issued it, when it was linked. */
    providerId: text('provider_id').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
    /** What proved the account holds the card; null for a link made before proofs were recorded. */
    proof: mediaLinkProofEnum('proof'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    // A card is linked to one account of a network at a time: of two links at once, one wins.
    uniqueIndex('media_links_live_number_key')
      .on(table.networkId, table.number)
      .where(sql`${table.removedAt} is null`),
    index('media_links_user_idx').on(table.userId, table.networkId),
  ],
);

export type MediaLinkRow = typeof mediaLinks.$inferSelect;

/**
 * The demo card registry's changes to the cards of a network's cards.json: a card the shop issued
 * (its birth date and expiry), and an incident that blocked a card.
 */
export const demoRegistryCards = pgTable(
  'demo_registry_cards',
  {
    networkId: integer('network_id').notNull(),
    number: text('number').notNull(),
    /** Set for a card the shop issued, which the file does not hold. */
    holderBirthDate: date('holder_birth_date', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The code printed on a card the shop issued (decision 0036). */
    printedCode: text('printed_code'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    incidentKind: incidentKindEnum('incident_kind'),
    incidentAt: timestamp('incident_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.networkId, table.number] })],
);

/** The contracts a demo card's validations loaded. */
export const demoRegistryLoadings = pgTable(
  'demo_registry_loadings',
  {
    networkId: integer('network_id').notNull(),
    number: text('number').notNull(),
    ticketId: integer('ticket_id').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.networkId, table.number, table.ticketId] })],
);
