// The auth user every sign-in and account call answers (spec 02 §3 "Auth user", spec 01 §3), with
// its traveller profiles and linked identities.
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { appearanceSchema, userStatusSchema } from './enumerations.ts';
import { idSchema, isoDateSchema, isoDateTimeSchema } from './fields.ts';
import { authDriverSchema } from './networks.ts';

export const addressSchema = z.object({
  addressRoute: z.string(),
  addressPostalCode: z.string(),
  addressCity: z.string(),
  addressState: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** A person the account holder buys for; also an entry of a login's profile choice. */
export const travellerProfileSchema = z.object({
  userId: idSchema,
  userName: z.string(),
  userLastname: z.string(),
  userBirthday: isoDateSchema.nullable(),
  cardNumber: z.string().nullable(),
  active: z.boolean(),
  /** The email the traveller signs in with by themselves, once the holder has set their password. */
  signInEmail: z.string().nullable(),
});
export type TravellerProfile = z.infer<typeof travellerProfileSchema>;

/** A sign-in provider linked to the account: the id of a provider of the network's authentication configuration. */
export const linkedIdentitySchema = z.object({ providerId: z.number().int().positive() });
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

export const authUserSchema = z.object({
  userToken: z.string().min(1),
  userId: idSchema,
  /** The first name. */
  userName: z.string().nullable(),
  userLastname: z.string().nullable(),
  userMail: z.string().nullable(),
  userBirthday: isoDateSchema.nullable(),
  userPictureUrl: z.string().nullable(),
  userPhoneNumber: z.string().nullable(),
  userStatus: userStatusSchema,
  isParent: z.boolean(),
  verifiedAt: isoDateTimeSchema.nullable(),
  authAsGuest: z.boolean(),
  address: addressSchema.nullable(),
  customerNumber: z.string(),
  /** Where the shop writes to when it differs from the sign-in email. */
  contactEmail: z.string().nullable(),
  appearance: appearanceSchema,
  dataSharingConsent: z.boolean(),
  locale: localeSchema,
  identities: z.array(linkedIdentitySchema),
  /** The provider this session was opened with (decision 0044); null for a password, card or guest sign-in. */
  signedInWith: z.object({ providerId: idSchema, driver: authDriverSchema }).nullable(),
  profiles: z.array(travellerProfileSchema),
  /** Set during the withdrawal period of a deletion request. */
  deletionRequestedAt: isoDateTimeSchema.nullable(),
  sessionExpiresAt: isoDateTimeSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const userAnswerSchema = z.object({ user: authUserSchema });
