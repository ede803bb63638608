// Where a contract is and what an order's lines issued (decision 0030): the confirmation popup,
// the order in the account, the confirmation email and the wallet say it alike. Apart from
// wallet.ts (which re-exports it) so the order's answers need no crypto types.
import { z } from 'zod';
import { idSchema, networkInstantSchema } from './fields.ts';

/** Where a contract travels: the phone's wallet, a transport card, a collect agency. */
export const CONTRACT_DELIVERIES = ['WALLET', 'CARD', 'COLLECT'] as const;
export const contractDeliverySchema = z.enum(CONTRACT_DELIVERIES);

/** Where a contract is, for the confirmation, the order and the wallet ("where is my ticket?"). */
export const contractPlaceSchema = z.discriminatedUnion('delivery', [
  z.strictObject({ delivery: z.literal('WALLET') }),
  /** On a transport card: its number once the cards capability names it. */
  z.strictObject({
    delivery: z.literal('CARD'),
    mediaId: idSchema.nullable(),
    cardNumber: z.string().nullable(),
    /** When a validation of the card loaded it; null while it waits for the card's next validation. */
    loadedAt: networkInstantSchema.nullable(),
    /** True while the card is a new one on its way to its holder by post (decision 0037); absent otherwise. */
    cardOnItsWay: z.literal(true).optional(),
  }),
  /** At an agency, from the slot's start (spec 01 §9: 48 to 72 hours after the order). */
  z.strictObject({
    delivery: z.literal('COLLECT'),
    siteId: idSchema,
    siteName: z.string(),
    from: networkInstantSchema,
  }),
]);
export type ContractPlace = z.infer<typeof contractPlaceSchema>;

/**
 * What an order's lines issued and where (the confirmation popup, the order in the account, the
 * confirmation email): one entry per line and place; empty until the order completes.
 */
export const orderTicketsSchema = z.array(
  z.object({
    /** The order line's position (as the order's lines are answered). */
    position: z.number().int().min(0),
    /** The line's label as sold. */
    label: z.string(),
    /** How many contracts the line issued to this place. */
    count: z.number().int().min(1),
    place: contractPlaceSchema,
  }),
);
export type OrderTickets = z.infer<typeof orderTicketsSchema>;
