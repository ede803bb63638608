// Transport cards, also called media (spec 01 "Transport card (medium)", spec 02 §7 getMedias,
// registerMedia, unregisterMedia, searchLocalMediaForSignin; decision 0032). The spec shows none of
// these shapes but the search's fields: the rest is ours. A card is known to the network's ticketing
// system (its card registry); the shop records which account linked it, its incidents, and the
// contracts waiting to be loaded on it.
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { birthdaySchema } from '../validation/birthday.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { defineCall } from './define-call.ts';
import {
  idSchema,
  isoDateSchema,
  networkInstantSchema,
  signedRequest,
  textIdSchema,
  userTokenSchema,
} from './fields.ts';

/**
 * What the network's ticketing system says of a card. ORDERED: a new card bought in the shop, on its
 * way to its holder by post until the system says it is ACTIVE (decision 0037).
 */
export const CARD_STATUSES = ['ACTIVE', 'ORDERED', 'EXPIRED', 'INCIDENT', 'BLOCKED'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/**
 * A card that receives contracts by its status: an ACTIVE one, or one ORDERED, whose contracts wait
 * to load at its first validation (decision 0037). Its expiry is read apart.
 */
export function receivesContracts(card: { readonly status: string | null }): boolean {
  return card.status === 'ACTIVE' || card.status === 'ORDERED';
}

/** The spec's state of a medium: active until its expiry day has passed, then expired. */
export const MEDIUM_STATES = ['ACTIVE', 'EXPIRED'] as const;
export type MediumState = (typeof MEDIUM_STATES)[number];

/** What a customer reports of a card; the card is then blocked (MEDIA-06). */
export const INCIDENT_KINDS = ['LOST', 'STOLEN', 'DAMAGED'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

/** A contract on a card: waiting to be loaded at the card's next validation, or loaded. */
export const CARD_LOADING_STATUSES = ['TO_LOAD', 'LOADED'] as const;
export type CardLoadingStatus = (typeof CARD_LOADING_STATUSES)[number];

/** Card numbers are digits, as printed (grouped by spaces or hyphens, which are dropped). */
export const MEDIA_NUMBER_MIN_DIGITS = 8;
export const MEDIA_NUMBER_MAX_DIGITS = 20;
export const mediaNumberSchema = z
  .string({ error: VALIDATION_MESSAGES.required })
  .max(64, { error: VALIDATION_MESSAGES.invalid })
  .transform((text) => text.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: VALIDATION_MESSAGES.required })
      .regex(new RegExp(`^\\d{${MEDIA_NUMBER_MIN_DIGITS},${MEDIA_NUMBER_MAX_DIGITS}}$`), {
        error: VALIDATION_MESSAGES.invalid,
      }),
  );

/**
 * The code printed on a card (decision 0036): what proves holding it where the network hides the
 * birth date. Letters and digits; the spaces and hyphens a customer types are dropped, the case too.
 */
export const MEDIA_PRINTED_CODE_PATTERN = /^[A-Z0-9]{4,12}$/;
export const mediaPrintedCodeSchema = z
  .string({ error: VALIDATION_MESSAGES.required })
  .max(64, { error: VALIDATION_MESSAGES.invalid })
  .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: VALIDATION_MESSAGES.required })
      .regex(MEDIA_PRINTED_CODE_PATTERN, { error: VALIDATION_MESSAGES.invalid }),
  );

/** A contract recorded against a card (the card's page and the wallet). */
export const mediumContractSchema = z.object({
  ticketId: idSchema,
  orderId: idSchema,
  productName: z.string(),
  validFrom: networkInstantSchema.nullable(),
  validTo: networkInstantSchema.nullable(),
  loading: z.enum(CARD_LOADING_STATUSES),
  /** When the card's validation loaded it, once the ticketing system says so. */
  loadedAt: networkInstantSchema.nullable(),
});
export type MediumContract = z.infer<typeof mediumContractSchema>;

/** A card linked to the account (spec 01: id, network_id, provider_id, expires_at, created_at, number, state). */
export const mediumSchema = z.object({
  id: idSchema,
  network_id: idSchema,
  /** The ticketing system that issued the card. */
  provider_id: z.string(),
  /** Digits only; the page groups them for reading. */
  number: z.string(),
  /** The card's last valid day. */
  expires_at: isoDateSchema,
  /** When the account linked it. */
  created_at: networkInstantSchema,
  state: z.enum(MEDIUM_STATES),
  status: z.enum(CARD_STATUSES),
  incident: z.object({ kind: z.enum(INCIDENT_KINDS), reportedAt: networkInstantSchema }).nullable(),
  /** The traveller profile the card is paired with (the tunnel's pairing); null for the holder. */
  profileId: idSchema.nullable(),
  contracts: z.array(mediumContractSchema),
});
export type Medium = z.infer<typeof mediumSchema>;

/** The account's cards as getMedias lists them (MEDIA-01, MEDIA-02). */
export const mediaListSchema = z.object({ medias: z.array(mediumSchema) });

/**
 * The account's cards on the network: another network's or another ticketing system's are left
 * out (MEDIA-01), expired ones come after valid ones (MEDIA-02).
 */
export const getMediasCall = defineCall({
  path: 'Account/getMedias.json',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    /** The language of the contracts' names; the network's default language when left out. */
    lang: localeSchema.optional(),
  }),
  response: mediaListSchema,
});

/**
 * Links a card to the account, or pairs it with one of the holder's travellers (userId naming the
 * profile). The birth date is required unless the network hides it (NET-06) and must match the
 * card's holder (MEDIA-04); where it is hidden, the code printed on the card is required instead
 * (decision 0036). A card removed earlier can be linked again while valid (MEDIA-03). Refusals: the
 * MEDIA_* codes (MEDIA-05, decision 0036). Answers the card and the account's cards after it.
 */
export const registerMediaCall = defineCall({
  path: 'Account/registerMedia.json',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    networkId: idSchema,
    mediaNumber: mediaNumberSchema,
    mediaCustomerBirthDate: birthdaySchema.optional(),
    mediaPrintedCode: mediaPrintedCodeSchema.optional(),
    lang: localeSchema.optional(),
  }),
  response: mediaListSchema.extend({ media: mediumSchema }),
});

/** Removes a card from the account; it stays valid on the network until it expires (MEDIA-03). */
export const unregisterMediaCall = defineCall({
  path: 'Account/unregisterMedia',
  method: 'DELETE',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    mediaId: textIdSchema,
    lang: localeSchema.optional(),
  }),
  response: mediaListSchema,
});

/**
 * Reports a card lost, stolen or damaged (MEDIA-06): the ticketing system blocks it, and its
 * contracts can be moved to another card (wallet/transferContract, target MEDIA).
 */
export const reportMediaIncidentCall = defineCall({
  path: 'Account/reportMediaIncident.json',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    mediaId: idSchema,
    kind: z.enum(INCIDENT_KINDS),
    lang: localeSchema.optional(),
  }),
  response: mediaListSchema,
});

/** What a card sign-in search finds (spec 01 "Media search result"). */
export const MEDIA_SEARCH_RESULTS = ['ONE', 'SEVERAL', 'NONE'] as const;
export const mediaSearchAnswerSchema = z.discriminatedUnion('result', [
  /** One account holds the card: its one-time token signs in through Account/signinWithToken. */
  z.object({ result: z.literal('ONE'), token: z.string().min(1) }),
  /** Several accounts name the card: the customer contacts support. */
  z.object({ result: z.literal('SEVERAL') }),
  /** A valid card no account holds: the customer registers with it attached. */
  z.object({ result: z.literal('NONE') }),
]);
export type MediaSearchAnswer = z.infer<typeof mediaSearchAnswerSchema>;

/**
 * The card sign-in search (has_media_signin): a card number and its holder's birth date (required
 * unless the network hides it). A card the registry refuses answers its MEDIA_* code.
 */
export const searchLocalMediaForSigninCall = defineCall({
  path: 'Account/searchLocalMediaForSignin',
  method: 'GET',
  authenticated: false,
  cacheable: false,
  request: signedRequest({
    mediaNumber: mediaNumberSchema,
    mediaCustomerBirthDate: birthdaySchema.optional(),
    networkId: textIdSchema,
  }),
  response: mediaSearchAnswerSchema,
});

export const MEDIA_CALLS = {
  getMedias: getMediasCall,
  registerMedia: registerMediaCall,
  unregisterMedia: unregisterMediaCall,
  reportMediaIncident: reportMediaIncidentCall,
  searchLocalMediaForSignin: searchLocalMediaForSigninCall,
} as const;
