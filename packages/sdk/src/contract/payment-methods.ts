// The customer's saved payment methods (spec 02 §7 `Account/getCards.json`, spec 01 "Payment card"
// and "Bank account"): what the checkout offers besides a new card or debit (PAY-01), never a
// provider's token. A guest has none (AUTH-04). Shapes the spec leaves open: decision 0019.
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { SAVED_METHOD_KINDS, savedMethodKindSchema } from './checkout.ts';
import { defineCall } from './define-call.ts';
import { idSchema, signedRequest, textIdSchema, userTokenSchema } from './fields.ts';

/** A card expiring this month or the next one is "expiring soon" (spec 01: expired or expiring soon). */
export const EXPIRING_SOON_MONTHS = 1;

const methodListSchema = z.array(savedMethodKindSchema).min(1).max(SAVED_METHOD_KINDS.length);

/** JSON text, as a GET query carries a list (API-07); anything else is no list of kinds. */
const jsonText = z
  .string()
  .max(64)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.invalid });
      return z.NEVER;
    }
  });

/**
 * The spec's `methods` filter: CARD and/or TRANSFER. A list (a JSON body, or a repeated URL
 * parameter), its JSON text (how the sdk writes a list in a query), or one kind alone.
 */
export const savedMethodFilterSchema = z.union([
  methodListSchema,
  savedMethodKindSchema.transform((kind) => [kind]),
  jsonText.pipe(methodListSchema),
]);

export const savedPaymentMethodSchema = z.object({
  /** What placeOrder's `savedPaymentMethodId` names. */
  id: idSchema,
  kind: savedMethodKindSchema,
  /**
   * Ready to show in any language: a card's number grouped by 4 with only its last four digits
   * and its expiry (`•••• •••• •••• 4242 · 12/30`), a bank account's IBAN with only its last
   * four (`IBAN •••• 0189`).
   */
  label: z.string().min(1),
  /** The card's network (visa, mastercard...); null for a bank account. */
  brand: z.string().nullable(),
  /** The card's last four digits, or the IBAN's last four characters. */
  last4: z.string(),
  /** A card's expiry; null for a bank account, which does not expire. */
  expMonth: z.number().int().min(1).max(12).nullable(),
  expYear: z.number().int().nullable(),
  /** Past its expiry month, in the network's time zone: it cannot be charged. */
  expired: z.boolean(),
  /** Still valid, but expiring within EXPIRING_SOON_MONTHS. */
  expiringSoon: z.boolean(),
  isBookmarked: z.boolean(),
  /** Later instalments of an order are still to be charged to it. */
  usedForInstalments: z.boolean(),
  /** A tacit subscription not terminated is renewed on it (spec 01 "used for tacit renewal"). */
  usedForSubscriptions: z.boolean(),
  /** It cannot be removed (PM-01): something is still to be charged to it (instalments, renewals). */
  locked: z.boolean(),
});
export type SavedPaymentMethodAnswer = z.infer<typeof savedPaymentMethodSchema>;

/**
 * The caller's saved cards and bank accounts on the call's network, the bookmarked one first, then
 * the newest; `methods` keeps only those kinds. A guest session answers an empty list. Never
 * cached: a payment may save one at any time.
 */
export const getSavedPaymentMethodsCall = defineCall({
  path: 'Account/getCards.json',
  method: 'GET',
  authenticated: true,
  // The spec names no userId: the session says whose methods they are.
  session: { token: 'userToken' },
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    network_id: textIdSchema,
    methods: savedMethodFilterSchema.optional(),
  }),
  response: z.object({ cards: z.array(savedPaymentMethodSchema) }),
});

/** The caller's methods as they are after a change: what the account page shows next. */
const methodsAfterChangeSchema = z.object({ cards: z.array(savedPaymentMethodSchema) });

/**
 * Removes a saved card or bank account (PM-03): it is offered no more, and its provider token is
 * never charged again. Refused while it is locked (SAVED_METHOD_LOCKED); another customer's, or
 * one removed already, is SAVED_METHOD_NOT_FOUND. Answers the methods left.
 */
export const unregisterCardCall = defineCall({
  path: 'Account/unregisterCard.json',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken' },
  request: signedRequest({ userToken: userTokenSchema, cardId: idSchema }),
  response: methodsAfterChangeSchema,
});

const bookmarkRequest = signedRequest({ cardId: idSchema, userToken: userTokenSchema, userId: idSchema });

/**
 * Bookmarks a saved method (PM-03): the one the checkout offers first. A customer has one
 * bookmarked method per network, so bookmarking one unbookmarks the others. Answers the methods.
 */
export const setCardBookmarkCall = defineCall({
  path: 'account/setCardBookmark',
  method: 'PUT',
  authenticated: true,
  request: bookmarkRequest,
  response: methodsAfterChangeSchema,
});

/** Unbookmarks a saved method (PM-03); answers the methods. */
export const removeCardBookmarkCall = defineCall({
  path: 'account/removeCardBookmark',
  method: 'PUT',
  authenticated: true,
  request: bookmarkRequest,
  response: methodsAfterChangeSchema,
});

export const PAYMENT_METHOD_CALLS = {
  getCards: getSavedPaymentMethodsCall,
  unregisterCard: unregisterCardCall,
  setCardBookmark: setCardBookmarkCall,
  removeCardBookmark: removeCardBookmarkCall,
} as const;
