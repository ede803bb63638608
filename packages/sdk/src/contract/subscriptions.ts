// Tacit subscriptions (spec 02 §7 Subscriptions, spec 01 "Tacit subscription", SUB-01..05): a pass
// bought with `isSubscription` is renewed every period on the saved method it was paid with, until
// the customer terminates it. The shapes the spec leaves open, the renewal and retry schedule and the
// termination link: decision 0043.
import { z } from 'zod';
import { validityPeriodSchema } from '../catalogue/validity-period.ts';
import { RENEWAL_INTERVALS, supportSchema } from './catalogue.ts';
import { returnPathSchema, savedMethodKindSchema } from './checkout.ts';
import { defineCall } from './define-call.ts';
import {
  idSchema,
  isoDateSchema,
  networkInstantSchema,
  signedRequest,
  textIdSchema,
  userTokenSchema,
} from './fields.ts';

export const renewalIntervalSchema = z.enum(RENEWAL_INTERVALS);

/** SUB-02 and SUB-03: active, temporarily blocked (its method cannot be charged), or terminated. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'BLOCKED', 'TERMINATED'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * Why a subscription is blocked: its last charge was refused every time it was tried, its card
 * expired before it was replaced (SUB-03), its mandate was revoked, or its method was removed.
 */
export const BLOCKED_REASONS = [
  'PAYMENT_REFUSED',
  'METHOD_EXPIRED',
  'METHOD_REVOKED',
  'METHOD_MISSING',
] as const;
export const blockedReasonSchema = z.enum(BLOCKED_REASONS);
export type BlockedReason = z.infer<typeof blockedReasonSchema>;

/** Who ended it: the customer (in the account or by the notice's link), or the network no longer selling it. */
export const TERMINATION_REASONS = ['CUSTOMER', 'NOTICE_LINK', 'NO_LONGER_SOLD'] as const;
export const terminationReasonSchema = z.enum(TERMINATION_REASONS);
export type TerminationReason = z.infer<typeof terminationReasonSchema>;

/**
 * A renewal's state: announced (its notice sent, its amount fixed), being charged (a charge under
 * way, or refused and to be tried again on `nextAttemptAt`), paid, failed (every try refused: the
 * subscription is blocked), or skipped (its whole period passed while the subscription was blocked).
 */
export const RENEWAL_STATUSES = ['ANNOUNCED', 'CHARGING', 'RETRYING', 'PAID', 'FAILED', 'SKIPPED'] as const;
export const renewalStatusSchema = z.enum(RENEWAL_STATUSES);
export type RenewalStatus = z.infer<typeof renewalStatusSchema>;

/** Ours: a renewal notice goes this many days before the renewal date unless the network says otherwise. */
export const RENEWAL_NOTICE_DAYS_DEFAULT = 7;

/** The method a subscription is charged to, as the account shows it (PM-02's marks included). */
export const subscriptionMethodSchema = z.object({
  id: idSchema,
  kind: savedMethodKindSchema,
  /** The card's number grouped by 4 with its last four digits and its expiry, or the IBAN's last four. */
  label: z.string().min(1),
  expired: z.boolean(),
  expiringSoon: z.boolean(),
});
export type SubscriptionMethod = z.infer<typeof subscriptionMethodSchema>;

export const subscriptionSummarySchema = z.object({
  id: idSchema,
  status: subscriptionStatusSchema,
  blockedReason: blockedReasonSchema.nullable(),
  /** The traveller it is for, by name, and their profile (null: the account holder). */
  beneficiary: z.object({
    customerId: idSchema.nullable(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  /** The product, named in the language the subscription was bought in. */
  shopItemId: idSchema,
  label: z.string(),
  support: supportSchema,
  /** The transport card it is loaded on (PHYSICAL), by its printed number. */
  cardNumber: z.string().nullable(),
  renewalInterval: renewalIntervalSchema,
  /** The day its first period started, on the network's calendar. */
  startDate: isoDateSchema,
  /** The period paid last: the one under way, or the next one when it is paid ahead. */
  validity: validityPeriodSchema,
  /** The day the next period starts (SUB-01 "renewal date"); null once terminated. */
  renewalDate: isoDateSchema.nullable(),
  /** When the next period is charged, and how much; null once terminated. */
  nextBilling: z
    .object({ at: networkInstantSchema, amount: z.number().int().nonnegative(), currency: z.string() })
    .nullable(),
  /** The method it is charged to; null when it was removed (then it is blocked). */
  paymentMethod: subscriptionMethodSchema.nullable(),
  /** When it was terminated, why, and the last day its paid period covers. */
  terminatedAt: networkInstantSchema.nullable(),
  terminationReason: terminationReasonSchema.nullable(),
  endsOn: isoDateSchema.nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** One try to charge a period: the first purchase, or a renewal's charge. */
export const subscriptionChargeSchema = z.object({
  at: networkInstantSchema,
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.enum(['PENDING', 'SUCCEEDED', 'REFUSED', 'CANCELLED']),
  /** The provider's reason for a refusal (card_declined, insufficient_funds, card_expired, mandate_revoked...). */
  reason: z.string().nullable(),
  /** The method's label at the time of the charge. */
  methodLabel: z.string().nullable(),
});

export const subscriptionPeriodSchema = z.object({
  /** 0 for the period bought, then 1, 2... */
  period: z.number().int().nonnegative(),
  validity: validityPeriodSchema,
  status: renewalStatusSchema,
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  /** The order that paid it (its invoice and tickets); null before it is placed. */
  orderId: idSchema.nullable(),
  /** When the next try is due, while it is RETRYING. */
  nextAttemptAt: networkInstantSchema.nullable(),
  charges: z.array(subscriptionChargeSchema),
});
export type SubscriptionPeriod = z.infer<typeof subscriptionPeriodSchema>;

export const subscriptionDetailSchema = subscriptionSummarySchema.extend({
  /** The periods, the latest first: the renewals and every charge tried for each. */
  periods: z.array(subscriptionPeriodSchema),
  /** What terminating it now does: the last day covered, and a charge under way that still completes. */
  termination: z.object({ endsOn: isoDateSchema, renewalUnderWay: z.boolean() }).nullable(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

const ownRequest = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  signedRequest({ userToken: userTokenSchema, network_id: textIdSchema, ...shape });

/** SUB-01, SUB-02: the caller's subscriptions on the call's network, active and blocked first, then terminated. */
export const listSubscriptionsCall = defineCall({
  path: 'Subscriptions/list',
  method: 'GET',
  authenticated: true,
  session: { token: 'userToken' },
  cacheable: false,
  request: ownRequest({}),
  response: z.object({ subscriptions: z.array(subscriptionSummarySchema) }),
});

/** SUB-01: one subscription with its periods and charges; another customer's is SUBSCRIPTION_NOT_FOUND (SUB-05). */
export const getSubscriptionCall = defineCall({
  path: 'Subscriptions/get',
  method: 'GET',
  authenticated: true,
  session: { token: 'userToken' },
  cacheable: false,
  request: ownRequest({ subscriptionId: textIdSchema }),
  response: subscriptionDetailSchema,
});

/**
 * Terminates a subscription: nothing more is charged; the period paid runs to its end (and a
 * renewal already being charged completes). Terminating one terminated already answers it as it is.
 */
export const terminateSubscriptionCall = defineCall({
  path: 'Subscriptions/terminate',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken' },
  request: ownRequest({ subscriptionId: idSchema }),
  response: subscriptionDetailSchema,
});

/**
 * Charges the subscription to another saved method of the caller on its network. A blocked
 * subscription is unblocked and what is due is charged at once. An expired card, or a method of
 * another customer or network, is refused.
 */
export const updateSubscriptionCardCall = defineCall({
  path: 'Subscriptions/updateCard',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken' },
  request: ownRequest({ subscriptionId: idSchema, cardId: idSchema }),
  response: subscriptionDetailSchema,
});

/** The query parameter naming a card setup in the address the provider sends the browser back to. */
export const CARD_SETUP_PARAM = 'cardSetup';

/**
 * A new card for a subscription, saved on the provider's page (Subscriptions/updateCard "a new card
 * saved through the provider's page"): open until the provider answers, then saved (the subscription
 * renews on it from now on), refused, cancelled, or expired (the page was left).
 */
export const CARD_SETUP_STATUSES = ['OPEN', 'SAVED', 'REFUSED', 'CANCELLED', 'EXPIRED'] as const;
export const cardSetupStatusSchema = z.enum(CARD_SETUP_STATUSES);
export type CardSetupStatus = z.infer<typeof cardSetupStatusSchema>;

export const cardSetupIdSchema = z.uuid();

/**
 * Opens the provider's page where the customer gives a new card for a subscription; nothing is
 * charged there. Once the provider saves it, the subscription renews on it (a blocked one is
 * unblocked and charged what is due), as with updateCard. The provider sends the browser back to
 * `returnUrl` with `cardSetup=<setupId>`. A terminated subscription, or one whose item is not paid
 * by card, is refused (SUBSCRIPTION_TERMINATED, SUBSCRIPTION_METHOD_NOT_USABLE).
 */
export const startCardSetupCall = defineCall({
  path: 'Subscriptions/newCard',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken' },
  request: ownRequest({ subscriptionId: idSchema, returnUrl: returnPathSchema }),
  response: z.object({ setupId: cardSetupIdSchema, redirectUrl: z.url() }),
});
export type StartedCardSetup = z.infer<typeof startCardSetupCall.response>;

/** Where a card setup stands, with the subscription as it is now (the browser's return reads it). */
export const readCardSetupCall = defineCall({
  path: 'Subscriptions/cardSetup',
  method: 'GET',
  authenticated: true,
  session: { token: 'userToken' },
  cacheable: false,
  request: ownRequest({ subscriptionId: textIdSchema, setupId: cardSetupIdSchema }),
  response: z.object({ status: cardSetupStatusSchema, subscription: subscriptionDetailSchema }),
});
export type CardSetupAnswer = z.infer<typeof readCardSetupCall.response>;

/** The token of a renewal notice's termination link: 32 random bytes in base64url. */
export const terminationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a termination link token');

/** What the termination link's confirmation screen shows, without a session: as little as it needs. */
export const linkedSubscriptionSchema = z.object({
  status: subscriptionStatusSchema,
  label: z.string(),
  beneficiaryFirstName: z.string(),
  renewalDate: isoDateSchema.nullable(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  endsOn: isoDateSchema.nullable(),
});
export type LinkedSubscription = z.infer<typeof linkedSubscriptionSchema>;

/** The subscription a notice's link names; an unknown, used or expired link is SUBSCRIPTION_LINK_INVALID. */
export const readTerminationLinkCall = defineCall({
  path: 'Subscriptions/terminationLink',
  method: 'GET',
  authenticated: false,
  cacheable: false,
  request: signedRequest({ network_id: textIdSchema, token: terminationTokenSchema }),
  response: linkedSubscriptionSchema,
});

/** Terminates the subscription a notice's link names, once: the link is used up. */
export const terminateByLinkCall = defineCall({
  path: 'Subscriptions/terminateByLink',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ network_id: textIdSchema, token: terminationTokenSchema }),
  response: linkedSubscriptionSchema,
});

export const SUBSCRIPTION_CALLS = {
  list: listSubscriptionsCall,
  get: getSubscriptionCall,
  terminate: terminateSubscriptionCall,
  updateCard: updateSubscriptionCardCall,
  startCardSetup: startCardSetupCall,
  readCardSetup: readCardSetupCall,
  readTerminationLink: readTerminationLinkCall,
  terminateByLink: terminateByLinkCall,
} as const;
