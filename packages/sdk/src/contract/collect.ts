// Click and collect (CHK-05, CHK-06): the pick-up slots of one of the network's collect sites, each
// with the orders it can still take. Tickets are ready 48 to 72 hours after the order, so the
// earliest slot starts 72 hours after the call (decision 0020).
import { z } from 'zod';
import { defineCall } from './define-call.ts';
import { isoDateSchema, isoDateTimeSchema, signedRequest, textIdSchema } from './fields.ts';

/** CHK-06: tickets are available 48 to 72 hours after the order; a slot starts no sooner than the latest. */
export const COLLECT_READY_MIN_HOURS = 48;
export const COLLECT_READY_HOURS = 72;
/** Days of slots one call answers. */
export const COLLECT_SLOT_DAYS = 7;

export const collectSlotSchema = z.object({
  /** UTC instants; the site's opening hours are in the network's time zone. */
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  capacity: z.number().int().positive(),
  /** Orders the slot can still take; 0 when full. */
  remaining: z.number().int().nonnegative(),
});
export type CollectSlot = z.infer<typeof collectSlotSchema>;

export const collectSlotsAnswerSchema = z.object({
  siteId: z.number().int().positive(),
  timeZone: z.string(),
  slotMinutes: z.number().int().positive(),
  /** The earliest instant a slot may start: the call's time plus COLLECT_READY_HOURS. */
  earliestStart: isoDateTimeSchema,
  slots: z.array(collectSlotSchema),
});
export type CollectSlotsAnswer = z.infer<typeof collectSlotsAnswerSchema>;

/**
 * The slots of COLLECT_SLOT_DAYS local days from `from` (the first day a slot may start by
 * default); slots before earliestStart are left out, full ones are answered with remaining 0.
 */
export const getCollectSlotsCall = defineCall({
  path: 'Collect/getSlots.json',
  method: 'GET',
  authenticated: false,
  // Remaining places change with every order.
  cacheable: false,
  request: signedRequest({
    networkId: textIdSchema,
    siteId: textIdSchema,
    from: isoDateSchema.optional(),
  }),
  response: collectSlotsAnswerSchema,
});

export const COLLECT_CALLS = { getSlots: getCollectSlotsCall } as const;
