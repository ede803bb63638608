// The wallet's calls (spec 02 §7 "Wallet", `Account/getWallet`, `Ticket/punchTicket.json`,
// `Vignette/decode`, `Vignette/sticker`; transfer statuses of spec 02 §5): what a paid order
// issued, the codes shown at the gate, activation, attestations and transfers. The spec shows only
// wallet/tickets' request fields; every other shape is ours (decision 0030).
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { FARE_VALIDITY_KINDS } from '../tickets/fare-product.ts';
import {
  ecPublicJwkSchema,
  TICKET_CODE_MAX_LENGTH,
  TICKET_REFUSALS,
  ticketKeySetSchema,
  ticketPublicIdSchema,
} from '../tickets/ticket-token.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { defineCall } from './define-call.ts';
import { idSchema, networkInstantSchema, signedRequest, textIdSchema, userTokenSchema } from './fields.ts';
import { contractPlaceSchema } from './order-tickets.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations

// Where a contract is and what an order issued: in their own module, which the order's answers
// import without the signed code's crypto.
export {
  CONTRACT_DELIVERIES,
  type ContractPlace,
  contractDeliverySchema,
  contractPlaceSchema,
  type OrderTickets,
  orderTicketsSchema,
} from './order-tickets.ts';

/** Legacy transfer status (spec 02 §5). */
export const TRANSFER_STATUSES = ['PENDING', 'ERROR', 'DONE'] as const;
export const transferStatusSchema = z.enum(TRANSFER_STATUSES);
export type TransferStatus = z.infer<typeof transferStatusSchema>;

/** A contract's state: issued and usable (or waiting for its window), or not. */
export const CONTRACT_STATUSES = [
  'ISSUED',
  'TO_LOAD',
  'LOADED',
  'TO_COLLECT',
  'COLLECTED',
  'CANCELED',
] as const;
export const contractStatusSchema = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

/** How the wallet groups tickets at an instant. */
export const WALLET_PHASES = ['CURRENT', 'UPCOMING', 'PAST'] as const;
export const walletPhaseSchema = z.enum(WALLET_PHASES);
export type WalletPhase = z.infer<typeof walletPhaseSchema>;

/** Which device holds a wallet ticket, as seen from the device asking. */
export const TICKET_DEVICES = ['THIS', 'OTHER', 'NONE'] as const;

export const TRANSFER_TARGETS = ['DEVICE', 'MEDIA'] as const;

// ---------------------------------------------------------------------------------------------
// Query fields: lists and objects travel as JSON text (API-07)

function jsonText<Schema extends z.ZodType>(schema: Schema, maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.invalid });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const idListSchema = z.array(idSchema).min(1).max(100);
/** A list of ids: the list itself (a JSON body) or its JSON text (a query). */
export const idListFieldSchema = z.union([idListSchema, jsonText(idListSchema, 1200)]);
/** The networks asked about: one id (as the client fills it in), or a list, or its JSON text. */
export const networkIdsFieldSchema = z.union([textIdSchema.transform((id) => [id]), idListFieldSchema]);
/** The device's public key: the JWK, or its JSON text in a query. */
export const deviceKeyFieldSchema = z.union([ecPublicJwkSchema, jsonText(ecPublicJwkSchema, 300)]);
const booleanFieldSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((text) => text === 'true'),
]);

// ---------------------------------------------------------------------------------------------
// Answers

export const walletTicketSchema = z.object({
  /** The contract's id, for punch, attestation and transfer. */
  id: idSchema,
  /** The contract's public id: the code's `tid` and the sticker id. */
  publicId: ticketPublicIdSchema,
  networkId: idSchema,
  orderId: idSchema,
  productId: idSchema,
  /** The fare product's design (wallet/blueprints); the product id. */
  blueprintId: idSchema,
  /** The fare product's name in the asked language. */
  name: z.string(),
  kind: z.enum(FARE_VALIDITY_KINDS),
  traveller: z.object({ userId: idSchema, name: z.string() }),
  status: contractStatusSchema,
  place: contractPlaceSchema,
  phase: walletPhaseSchema,
  /** The travel window now known (a pass's period, the latest activation's window). */
  validFrom: networkInstantSchema.nullable(),
  validTo: networkInstantSchema.nullable(),
  /** Until when an activated kind may be activated. */
  usableUntil: networkInstantSchema.nullable(),
  journeysTotal: z.number().int().min(0).nullable(),
  journeysLeft: z.number().int().min(0).nullable(),
  /** May be activated now (a journey left, within its use period). */
  activatable: z.boolean(),
  /**
   * Which device holds it (a wallet ticket): NONE until a customer's wallet opens, or a guest's
   * journey is activated; a guest's pass (a printed copy) stays NONE.
   */
  device: z.enum(TICKET_DEVICES),
  /**
   * The signed ticket: held by this device, the wallet adds the device proof; held by none, it is
   * the printed code of a guest's pass, shown as is. Null otherwise.
   */
  token: z.string().nullable(),
  /** The latest transfer asked for. */
  transfer: z.object({ status: transferStatusSchema, target: z.enum(TRANSFER_TARGETS) }).nullable(),
  issuedAt: networkInstantSchema,
});
export type WalletTicket = z.infer<typeof walletTicketSchema>;

const ticketsAnswerSchema = z.object({
  tickets: z.array(walletTicketSchema),
  /** The server's clock when answered: the wallet says when it last synchronised. */
  syncedAt: networkInstantSchema,
});

/** A file answered in the envelope, like Order/printOrder.json. */
const fileAnswerSchema = z.object({
  fileName: z.string().min(1),
  contentType: z.string().min(1),
  contentBase64: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Calls

/**
 * The wallet's overview (spec 02 §7): the caller's contracts on the network, grouped by phase
 * (`type` keeps one), stacked (identical tickets counted once) unless `unstack`. No codes.
 */
export const getWalletCall = defineCall({
  path: 'Account/getWallet',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    type: z.enum(['ALL', ...WALLET_PHASES]).default('ALL'),
    unstack: booleanFieldSchema.default(false),
    fullscreen: booleanFieldSchema.optional(),
    lang: localeSchema.optional(),
  }),
  response: z.object({
    groups: z.array(
      z.object({
        phase: walletPhaseSchema,
        entries: z.array(z.object({ count: z.number().int().min(1), ticket: walletTicketSchema })),
      }),
    ),
    syncedAt: networkInstantSchema,
  }),
});

/**
 * The caller's tickets (API-07: `id`, `blueprintId` and `networkId` lists travel as JSON text).
 * With `deviceKey`, the tickets no device holds yet are bound to it, and those it holds carry
 * their signed token. `userId` may name a traveller profile of the holder.
 */
export const walletTicketsCall = defineCall({
  path: 'wallet/tickets',
  method: 'GET',
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: networkIdsFieldSchema,
    id: idListFieldSchema.optional(),
    blueprintId: idListFieldSchema.optional(),
    deviceKey: deviceKeyFieldSchema.optional(),
    lang: localeSchema.optional(),
  }),
  response: ticketsAnswerSchema,
});

/** A guest order's tickets, by the long random reference of its confirmation email. */
export const guestTicketsCall = defineCall({
  path: 'wallet/guestTickets',
  method: 'GET',
  authenticated: false,
  cacheable: false,
  request: signedRequest({
    networkId: textIdSchema,
    reference: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    deviceKey: deviceKeyFieldSchema.optional(),
    lang: localeSchema.optional(),
  }),
  response: ticketsAnswerSchema,
});

export const blueprintSchema = z.object({
  blueprintId: idSchema,
  productId: idSchema,
  name: z.string(),
  kind: z.enum(FARE_VALIDITY_KINDS),
  /** From the network's theme: the ticket face's background, its text, its accent. */
  colors: z.object({ background: z.string(), text: z.string(), accent: z.string() }),
  /** What the face shows, in order. */
  face: z.array(z.enum(['NETWORK', 'PRODUCT', 'TRAVELLER', 'VALIDITY', 'JOURNEYS', 'CODE'])),
});
export type Blueprint = z.infer<typeof blueprintSchema>;

/** Each fare product's design: how its tickets look. */
export const walletBlueprintsCall = defineCall({
  path: 'wallet/blueprints',
  method: 'GET',
  authenticated: false,
  request: signedRequest({
    networkId: textIdSchema,
    productId: idListFieldSchema.optional(),
    lang: localeSchema.optional(),
  }),
  response: z.object({ blueprints: z.array(blueprintSchema) }),
});

/**
 * The same keys as a plain JWK Set (RFC 7517) at this address on each network's own domain: unsigned,
 * outside the envelope, cacheable for JWKS_MAX_AGE_SECONDS, so any JOSE library verifies a code
 * with them (decision 0040). The tenant service serves it from the ticket API's answer at the same
 * path under its API base.
 */
export const JWKS_PATH = '/.well-known/jwks.json';
/** How long a JWK Set may be kept; a verifier that meets an unknown key id asks again sooner. */
export const JWKS_MAX_AGE_SECONDS = 300;

/** The network's published ticket keys (a JWKS): what an inspector's device verifies with. */
export const walletKeysCall = defineCall({
  path: 'wallet/keys',
  method: 'GET',
  authenticated: false,
  request: signedRequest({ networkId: textIdSchema }),
  response: ticketKeySetSchema,
});

/**
 * Activates a journey or a first-use ticket. `activationId` is drawn once per tap: the same id
 * again answers the same activation. Refused with TICKET_NOT_YET_VALID, TICKET_EXPIRED,
 * TICKET_USED_UP, TICKET_NOT_ACTIVATABLE; TICKET_ON_OTHER_DEVICE when another phone holds it.
 */
export const punchTicketCall = defineCall({
  path: 'Ticket/punchTicket.json',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    networkId: idSchema,
    ticketId: idSchema,
    activationId: z.uuid(),
    deviceKey: ecPublicJwkSchema,
    lang: localeSchema.optional(),
  }),
  response: z.object({ ticket: walletTicketSchema, activatedAt: networkInstantSchema }),
});

/** A guest's activation, by the reference of the confirmation email instead of a session. */
export const punchGuestTicketCall = defineCall({
  path: 'Ticket/punchGuestTicket.json',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    networkId: idSchema,
    reference: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    ticketId: idSchema,
    activationId: z.uuid(),
    deviceKey: ecPublicJwkSchema,
    lang: localeSchema.optional(),
  }),
  response: z.object({ ticket: walletTicketSchema, activatedAt: networkInstantSchema }),
});

/** A contract's attestation as a PDF, in the buyer's language (or `lang`). */
export const contractAttestationCall = defineCall({
  path: 'Wallet/contractAttestation',
  method: 'GET',
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    ticketId: textIdSchema,
    lang: localeSchema.optional(),
  }),
  response: fileAnswerSchema,
});

/**
 * Moves a contract: a wallet ticket to the phone asking (`DEVICE`, its `deviceKey`), which makes
 * the other phone's codes stale; a contract to one of the customer's cards (`MEDIA`, once cards
 * exist). Answers the transfer's status (spec 02 §5) and the ticket.
 */
export const transferContractCall = defineCall({
  path: 'wallet/transferContract',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    networkId: idSchema,
    ticketId: idSchema,
    target: z.enum(TRANSFER_TARGETS),
    deviceKey: ecPublicJwkSchema.optional(),
    mediaId: idSchema.optional(),
    lang: localeSchema.optional(),
  }),
  response: z.object({
    transfer: z.object({ id: idSchema, status: transferStatusSchema, target: z.enum(TRANSFER_TARGETS) }),
    ticket: walletTicketSchema,
  }),
});

/** What an inspector learns of a code: the verdict, and the ticket when the signature holds. */
export const decodedTicketSchema = z.object({
  productId: idSchema,
  productName: z.string(),
  traveller: z.string(),
  validFrom: networkInstantSchema.nullable(),
  validTo: networkInstantSchema.nullable(),
  journeysLeft: z.number().int().nullable(),
  printed: z.boolean(),
});

/** The online refusals, beyond the offline verdict's. */
export const ONLINE_TICKET_REFUSALS = ['SUPERSEDED', 'CANCELED', 'NOT_FOUND'] as const;

/** The online check of a code: the offline verdict, then the stored contract. */
export const vignetteDecodeCall = defineCall({
  path: 'Vignette/decode',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    networkId: idSchema,
    encodedPayload: z.string().min(1).max(TICKET_CODE_MAX_LENGTH),
    lang: localeSchema.optional(),
  }),
  response: z.object({
    valid: z.boolean(),
    reason: z.enum([...TICKET_REFUSALS, ...ONLINE_TICKET_REFUSALS]).nullable(),
    ticket: decodedTicketSchema.nullable(),
    checkedAt: networkInstantSchema,
  }),
});

/** The face of a guest's printed ticket (a pass) as an image with its printed code, by the contract's public id. */
export const vignetteStickerCall = defineCall({
  path: 'Vignette/sticker',
  method: 'GET',
  authenticated: false,
  cacheable: false,
  request: signedRequest({
    networkId: textIdSchema,
    stickerId: ticketPublicIdSchema,
    lang: localeSchema.optional(),
  }),
  response: fileAnswerSchema,
});

export const WALLET_CALLS = {
  getWallet: getWalletCall,
  tickets: walletTicketsCall,
  guestTickets: guestTicketsCall,
  blueprints: walletBlueprintsCall,
  keys: walletKeysCall,
  punchTicket: punchTicketCall,
  punchGuestTicket: punchGuestTicketCall,
  contractAttestation: contractAttestationCall,
  transferContract: transferContractCall,
  decode: vignetteDecodeCall,
  sticker: vignetteStickerCall,
} as const;
