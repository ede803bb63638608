// The account calls of spec 02 §7 as contracts: sign-in, the user, its changes, profiles, picture,
// session, verification, emailed action codes, deletion and reactivation. Response shapes the spec
// leaves open are ours (docs/decisions/0008-account-and-identity-contract.md).
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { ProfilesError } from '../errors/client-errors.ts';
import { localeSchema } from '../locale.schema.ts';
import { checkDistinctNames } from '../validation/account-forms.ts';
import { birthdaySchema } from '../validation/birthday.ts';
import { emailSchema } from '../validation/email.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { nameSchema } from '../validation/name.ts';
import { currentPasswordSchema, passwordSchema } from '../validation/password.ts';
import { phoneSchema } from '../validation/phone.ts';
import { pictureFileSchema } from '../validation/picture.ts';
import { type AuthUser, authUserSchema, travellerProfileSchema, userAnswerSchema } from './auth-user.ts';
import { defineCall } from './define-call.ts';
import { actionTypeSchema, appearanceSchema, originTypeSchema } from './enumerations.ts';
import {
  idSchema,
  idTokenSchema,
  isoDateTimeSchema,
  signedRequest,
  textIdSchema,
  userTokenSchema,
} from './fields.ts';

/** An answer with nothing to say beyond its ok status. */
export const acknowledgementSchema = z.object({});

const required = (ctx: z.RefinementCtx, path: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message: VALIDATION_MESSAGES.required });

const shortText = (max: number) => z.string().trim().max(max);

// ---------------------------------------------------------------------------------------------
// Sign-in and the user

export const loginRequestSchema = signedRequest({
  /** The identity provider's id token (identity/* calls), for an account or an anonymous guest. */
  firebase_token: idTokenSchema,
  network_id: idSchema,
  /** The profile chosen after a login that answered profiles. */
  user_id: idSchema.optional(),
  device: shortText(200).optional(),
  provider: shortText(64).optional(),
  client: shortText(64).optional(),
  oauth_client: shortText(64).optional(),
  originAgent: shortText(200).optional(),
  originType: originTypeSchema.optional(),
  withWallet: z.boolean().optional(),
  authAsGuest: z.boolean().optional(),
  /** Answer the account's profiles to choose from instead of signing in at once (AUTH-03). */
  forceProfiles: z.boolean().optional(),
  locale: localeSchema.optional(),
});

/** Either the user or the profiles to choose from; both optional so the sdk can name "neither" (AUTH-02). */
export const loginAnswerSchema = z.object({
  user: authUserSchema.optional(),
  profiles: z.array(travellerProfileSchema).optional(),
});

/** AUTH-02, AUTH-03: a login gives the user, or raises the profiles exception, or says the user is missing. */
export function loginResult(answer: z.output<typeof loginAnswerSchema>): { user: AuthUser } {
  if (answer.profiles && answer.profiles.length > 0) throw new ProfilesError(answer.profiles);
  if (answer.user) return { user: answer.user };
  throw new AppError('LOGIN_NO_USER');
}

export const loginCall = defineCall({
  path: 'Account/login.json',
  method: 'POST',
  authenticated: false,
  request: loginRequestSchema,
  response: loginAnswerSchema,
  toResult: loginResult,
});

export const getUserCall = defineCall({
  path: 'Account/getUser.json',
  method: 'POST',
  authenticated: true,
  request: signedRequest({ userToken: userTokenSchema, userId: idSchema, networkId: idSchema }),
  response: userAnswerSchema,
});

/** A one-time sign-in token (from an emailed link or a card sign-in) exchanged for a session. */
export const signInWithTokenCall = defineCall({
  path: 'Account/signinWithToken',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ token: z.string().min(1).max(4096) }),
  response: userAnswerSchema,
});

// ---------------------------------------------------------------------------------------------
// Changes to the account

export const addressInputSchema = z.strictObject({
  addressRoute: shortText(200),
  addressPostalCode: shortText(20),
  addressCity: shortText(100),
  addressState: shortText(100),
});

/** A transport card number as printed on the card. */
export const cardNumberSchema = z.string().trim().min(1).max(32);

export const updateAccountRequestSchema = signedRequest({
  userToken: userTokenSchema,
  userId: idSchema,
  userName: nameSchema.optional(),
  userLastname: nameSchema.optional(),
  userBirthday: birthdaySchema.nullable().optional(),
  userPhoneNumber: phoneSchema.nullable().optional(),
  address: addressInputSchema.nullable().optional(),
  contactEmail: emailSchema.nullable().optional(),
  appearance: appearanceSchema.optional(),
  dataSharingConsent: z.boolean().optional(),
  locale: localeSchema.optional(),
  /** An email change: the new email with the account's password (ACC-03). */
  email: emailSchema.optional(),
  password: currentPasswordSchema.optional(),
  /** A password change: the current password and the new one (VAL-04). */
  currentPassword: currentPasswordSchema.optional(),
  newPassword: passwordSchema.optional(),
  /** A traveller profile's transport card number (null removes it); not the holder's. */
  cardNumber: cardNumberSchema.nullable().optional(),
}).superRefine((payload, ctx) => {
  if (payload.email !== undefined && payload.password === undefined) required(ctx, 'password');
  if (payload.password !== undefined && payload.email === undefined) required(ctx, 'email');
  if (payload.newPassword !== undefined && payload.currentPassword === undefined)
    required(ctx, 'currentPassword');
  if (payload.currentPassword !== undefined && payload.newPassword === undefined)
    required(ctx, 'newPassword');
  if (payload.newPassword !== undefined && payload.newPassword === payload.currentPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['newPassword'],
      message: VALIDATION_MESSAGES.passwordSameAsCurrent,
    });
  }
  checkDistinctNames(payload.userName, payload.userLastname, ctx, ['userLastname']);
});

/**
 * The holder's own changes, or a traveller profile's (userId naming one of the holder's profiles,
 * ACC-05: names, birthday and card number only).
 */
export const updateAccountCall = defineCall({
  path: 'Account/update.json',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  request: updateAccountRequestSchema,
  response: userAnswerSchema,
});

/** The profile picture (spec 02 calls the uploaded file `media`); answers the user with its new picture URL. */
export const uploadPictureCall = defineCall({
  path: 'Media/uploadMedia.json',
  method: 'POST',
  encoding: 'multipart',
  authenticated: true,
  session: { token: 'userToken', userId: 'user_id' },
  request: signedRequest({ userToken: userTokenSchema, user_id: textIdSchema, media: pictureFileSchema }),
  response: userAnswerSchema,
});

// ---------------------------------------------------------------------------------------------
// Traveller profiles (ACC-05)

export const createProfileCall = defineCall({
  path: 'Account/createProfile.json',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    /** The account holder. */
    userId: idSchema,
    userName: nameSchema,
    userLastname: nameSchema,
    userBirthday: birthdaySchema.nullable().optional(),
    cardNumber: cardNumberSchema.optional(),
  }).superRefine((payload, ctx) =>
    checkDistinctNames(payload.userName, payload.userLastname, ctx, ['userLastname']),
  ),
  response: z.object({ user: authUserSchema, profile: travellerProfileSchema }),
});

/** Deactivates a traveller profile; userId is the profile's, so the client never fills it. */
export const disableProfileCall = defineCall({
  path: 'Account/disableProfile',
  method: 'PUT',
  authenticated: true,
  session: { token: 'userToken' },
  request: signedRequest({ userToken: userTokenSchema, userId: idSchema }),
  response: userAnswerSchema,
});

/**
 * Lets a traveller profile sign in by itself (spec 01 §6, decision 0044): the email and password it
 * will sign in with, set by the holder in a session a sign-in provider opened (a family cannot share
 * a national identity the way it shares an email and password). Setting them again replaces them
 * and ends the traveller's sign-ins.
 */
export const setProfilePasswordCall = defineCall({
  path: 'Account/setProfilePassword.json',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken' },
  request: signedRequest({
    userToken: userTokenSchema,
    /** The traveller profile's id. */
    userId: idSchema,
    email: emailSchema,
    password: passwordSchema,
  }),
  response: userAnswerSchema,
});

// ---------------------------------------------------------------------------------------------
// Session

export const logoutCall = defineCall({
  path: 'Account/logout.json',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken', userId: 'user_id' },
  request: signedRequest({ user_id: idSchema, userToken: userTokenSchema }),
  response: acknowledgementSchema,
});

/** Extends the session on activity; answers its new expiry. */
export const touchSessionCall = defineCall({
  path: 'Account/touch',
  method: 'POST',
  authenticated: true,
  request: signedRequest({ userToken: userTokenSchema, userId: idSchema }),
  response: z.object({ sessionExpiresAt: isoDateTimeSchema }),
});

/**
 * Whether a session token is alive; an ended one answers active false, not an error. The token is
 * what the call asks about, not a session the server must resolve first: the caller names it.
 */
export const introspectTokenCall = defineCall({
  path: 'Account/introspectToken.json',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ userToken: userTokenSchema }),
  response: z.object({
    active: z.boolean(),
    userId: idSchema.nullable(),
    expiresAt: isoDateTimeSchema.nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Forgotten password, verification, emailed action codes

/** AUTH-06: emails instructions; an unknown email answers USER_NOT_FOUND. */
export const resetPasswordCall = defineCall({
  path: 'Account/resetPassword',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ email: emailSchema, networkId: idSchema, locale: localeSchema.optional() }),
  response: acknowledgementSchema,
});

/** AUTH-11: sends the verification link again; answers when the next one may be asked for. */
export const sendVerificationEmailCall = defineCall({
  path: 'Account/sendVerificationEmail',
  method: 'POST',
  authenticated: true,
  request: signedRequest({ userToken: userTokenSchema, userId: idSchema, networkId: idSchema }),
  response: z.object({ nextRequestAt: isoDateTimeSchema }),
});

/** The code of the emailed verification link; works without a session (another device). */
export const verifyAccountCall = defineCall({
  path: 'Account/verify',
  method: 'PUT',
  authenticated: false,
  request: signedRequest({ code: z.string().min(1).max(512) }),
  response: z.object({ verifiedAt: isoDateTimeSchema }),
});

export const applyActionCodeCall = defineCall({
  path: 'Actions/useCode',
  method: 'PUT',
  authenticated: false,
  request: signedRequest({
    code: z.string().min(1).max(512),
    action: actionTypeSchema,
    /** Only for LEGACY_PASSWORD_CHANGE, and required there. */
    newPassword: passwordSchema.optional(),
  }).superRefine((payload, ctx) => {
    const changesPassword = payload.action === 'LEGACY_PASSWORD_CHANGE';
    if (changesPassword && payload.newPassword === undefined) required(ctx, 'newPassword');
    if (!changesPassword && payload.newPassword !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: VALIDATION_MESSAGES.unknownField });
    }
  }),
  response: z.object({ action: actionTypeSchema }),
});

// ---------------------------------------------------------------------------------------------
// Deletion with a withdrawal period, and reactivation (spec 01 §4, ACC-06..08)

/** Starts the 30-day withdrawal period and ends the session; a tacit subscription blocks it. */
export const requestDeletionCall = defineCall({
  path: 'Account/requestDeletion',
  method: 'POST',
  authenticated: true,
  request: signedRequest({ userToken: userTokenSchema, userId: idSchema }),
  response: z.object({ deletionRequestedAt: isoDateTimeSchema, deletionEffectiveAt: isoDateTimeSchema }),
});

/** Cancels a pending deletion; answers the user, active again. */
export const reactivateAccountCall = defineCall({
  path: 'Account/reactivate',
  method: 'POST',
  authenticated: true,
  request: signedRequest({ userToken: userTokenSchema, userId: idSchema }),
  response: userAnswerSchema,
});

/** Every account call, for the ticket API to mount and for tests to go through. */
export const ACCOUNT_CALLS = {
  login: loginCall,
  getUser: getUserCall,
  signInWithToken: signInWithTokenCall,
  updateAccount: updateAccountCall,
  uploadPicture: uploadPictureCall,
  createProfile: createProfileCall,
  disableProfile: disableProfileCall,
  setProfilePassword: setProfilePasswordCall,
  logout: logoutCall,
  touchSession: touchSessionCall,
  introspectToken: introspectTokenCall,
  resetPassword: resetPasswordCall,
  sendVerificationEmail: sendVerificationEmailCall,
  verifyAccount: verifyAccountCall,
  applyActionCode: applyActionCodeCall,
  requestDeletion: requestDeletionCall,
  reactivateAccount: reactivateAccountCall,
} as const;
