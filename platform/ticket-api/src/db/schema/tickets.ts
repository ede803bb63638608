// Contracts a completed order issued (decision 0030): one row per line, unit and fare product,
// unique on them so issuing twice issues once; their activations, each unique per device request;
// the transfers asked for; and each network's ticket-signing keys.
import {
  CONTRACT_DELIVERIES,
  CONTRACT_STATUSES,
  TRANSFER_STATUSES,
  TRANSFER_TARGETS,
} from '@transit-shop/sdk/contract/wallet';
import { FARE_VALIDITY_KINDS } from '@transit-shop/sdk/tickets/fare-product';
import type { EcPublicJwk } from '@transit-shop/sdk/tickets/ticket-token';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderLines, orders } from './orders.ts';
import { users } from './users.ts';

export const contractDeliveryEnum = pgEnum('contract_delivery', CONTRACT_DELIVERIES);
export const contractStatusEnum = pgEnum('contract_status', CONTRACT_STATUSES);
export const fareValidityKindEnum = pgEnum('fare_validity_kind', FARE_VALIDITY_KINDS);
export const transferStatusEnum = pgEnum('transfer_status', TRANSFER_STATUSES);
export const transferTargetEnum = pgEnum('transfer_target', TRANSFER_TARGETS);

export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 16 random bytes in base64url: the code's `tid` and the sticker id; never the numeric id. */
    publicId: text('public_id')
      .notNull()
      .default(sql`substr(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_'), 1, 22)`),
    networkId: integer('network_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    /** Which unit of the line's quantity (0 to quantity − 1). */
    unitIndex: integer('unit_index').notNull(),
    productId: integer('product_id').notNull(),
    kind: fareValidityKindEnum('kind').notNull(),
    /** The buyer: the account (or guest session user) whose order issued it. */
    holderUserId: integer('holder_user_id')
      .notNull()
      .references(() => users.id),
    /** The line's traveller: the holder or one of their traveller profiles. */
    travellerUserId: integer('traveller_user_id')
      .notNull()
      .references(() => users.id),
    /** The traveller's name as printed on the ticket, when issued. */
    travellerName: text('traveller_name').notNull(),
    delivery: contractDeliveryEnum('delivery').notNull(),
    status: contractStatusEnum('status').notNull(),
    /** The transport card a PHYSICAL contract is loaded on; null until the card is named. */
    mediaId: integer('media_id'),
    collectSiteId: integer('collect_site_id'),
    collectFrom: timestamp('collect_from', { withTimezone: true }),
    /** The travel window now known: a pass's period, or the latest activation's window. */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Until when an activated kind may be activated. */
    usableUntil: timestamp('usable_until', { withTimezone: true }),
    journeysTotal: integer('journeys_total'),
    journeysLeft: integer('journeys_left'),
    /** The public key of the device holding the ticket, and its RFC 7638 thumbprint. */
    deviceKey: jsonb('device_key').$type<EcPublicJwk>(),
    deviceThumbprint: text('device_thumbprint'),
    /** Raised by each re-binding: older codes are stale for the online check. */
    generation: integer('generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('tickets_line_unit_product_key').on(table.orderLineId, table.unitIndex, table.productId),
    uniqueIndex('tickets_public_id_key').on(table.publicId),
    index('tickets_traveller_idx').on(table.travellerUserId, table.networkId),
    index('tickets_holder_idx').on(table.holderUserId, table.networkId),
    index('tickets_order_idx').on(table.orderId),
    // A card's contracts (getMedias).
    index('tickets_media_idx').on(table.mediaId).where(sql`${table.mediaId} is not null`),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

export const ticketActivations = pgTable(
  'ticket_activations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Drawn by the device once per tap: the same id again is the same activation. */
    activationId: uuid('activation_id').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('ticket_activations_request_key').on(table.ticketId, table.activationId)],
);

export type TicketActivationRow = typeof ticketActivations.$inferSelect;

export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    target: transferTargetEnum('target').notNull(),
    status: transferStatusEnum('status').notNull(),
    /** The receiving device's key thumbprint, or the receiving card. */
    deviceThumbprint: text('device_thumbprint'),
    mediaId: integer('media_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ticket_transfers_ticket_idx').on(table.ticketId, table.id)],
);

export type TicketTransferRow = typeof ticketTransfers.$inferSelect;

/** ES256 keys each network signs its tickets with: the newest unretired signs, every unretired is published. */
export const ticketSigningKeys = pgTable(
  'ticket_signing_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id').notNull(),
    kid: text('kid').notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, string>>().notNull(),
    publicJwk: jsonb('public_jwk').$type<EcPublicJwk>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ticket_signing_keys_kid_key').on(table.kid),
    index('ticket_signing_keys_network_idx').on(table.networkId, table.createdAt),
  ],
);

export type TicketSigningKeyRow = typeof ticketSigningKeys.$inferSelect;
