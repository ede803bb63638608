// Our identity provider's calls (spec 02 "External identity provider": sign in with password or
// custom token, sign up, update, lookup, refresh). Served by the ticket API under identity/ and
// signed like every call; its id token is what Account/login.json takes as firebase_token.
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { checkDistinctNames } from '../validation/account-forms.ts';
import { emailSchema } from '../validation/email.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { nameSchema } from '../validation/name.ts';
import { currentPasswordSchema, passwordSchema } from '../validation/password.ts';
import { defineCall } from './define-call.ts';
import { idSchema, idTokenSchema, isoDateTimeSchema, signedRequest } from './fields.ts';

/** What every call that signs an identity in answers. */
export const identitySessionSchema = z.object({
  idToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** Seconds the id token lives. */
  expiresIn: z.number().int().positive(),
  /** The identity's id. */
  localId: z.string().min(1),
  /** Null for an anonymous (guest) identity. */
  email: z.string().nullable(),
});
export type IdentitySession = z.infer<typeof identitySessionSchema>;

export const identitySignInWithPasswordCall = defineCall({
  path: 'identity/signInWithPassword',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ email: emailSchema, password: currentPasswordSchema, networkId: idSchema }),
  response: identitySessionSchema,
});

export const identitySignInWithCustomTokenCall = defineCall({
  path: 'identity/signInWithCustomToken',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ token: idTokenSchema }),
  response: identitySessionSchema,
});

/**
 * Registration (AUTH-05) with email, password, names and both acceptances; without an email, an
 * anonymous identity for a guest, which then signs in with Account/login.json and authAsGuest.
 */
export const identitySignUpRequestSchema = signedRequest({
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  networkId: idSchema,
  locale: localeSchema,
  acceptedTerms: z.literal(true, { error: VALIDATION_MESSAGES.termsRequired }).optional(),
  acceptedPrivacy: z.literal(true, { error: VALIDATION_MESSAGES.privacyRequired }).optional(),
}).superRefine((payload, ctx) => {
  const registers = [payload.email, payload.password, payload.firstName, payload.lastName].some(
    (value) => value !== undefined,
  );
  if (!registers) return;
  const missing = (path: string, message: string = VALIDATION_MESSAGES.required) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (payload.email === undefined) missing('email');
  if (payload.password === undefined) missing('password');
  if (payload.firstName === undefined) missing('firstName');
  if (payload.lastName === undefined) missing('lastName');
  if (payload.acceptedTerms !== true) missing('acceptedTerms', VALIDATION_MESSAGES.termsRequired);
  if (payload.acceptedPrivacy !== true) missing('acceptedPrivacy', VALIDATION_MESSAGES.privacyRequired);
  checkDistinctNames(payload.firstName, payload.lastName, ctx, ['lastName']);
});

export const identitySignUpCall = defineCall({
  path: 'identity/signUp',
  method: 'POST',
  authenticated: false,
  request: identitySignUpRequestSchema,
  response: identitySessionSchema,
});

/** Changes the identity's email or password; answers fresh tokens, since the old ones name the old email. */
export const identityUpdateCall = defineCall({
  path: 'identity/update',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    idToken: idTokenSchema,
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    /** Proves the change; absent only when an identity without a password sets its first one. */
    currentPassword: currentPasswordSchema.optional(),
  }).superRefine((payload, ctx) => {
    if (payload.email === undefined && payload.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: VALIDATION_MESSAGES.required });
    }
    if (payload.password !== undefined && payload.password === payload.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: VALIDATION_MESSAGES.passwordSameAsCurrent,
      });
    }
  }),
  response: identitySessionSchema,
});

export const identityAccountSchema = z.object({
  localId: z.string().min(1),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  anonymous: z.boolean(),
  /** Whether the identity has a password (one signed up through a provider may not). */
  hasPassword: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type IdentityAccount = z.infer<typeof identityAccountSchema>;

/** What an id token stands for. */
export const identityLookupCall = defineCall({
  path: 'identity/lookup',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ idToken: idTokenSchema }),
  response: identityAccountSchema,
});

/** A new id token from a refresh token (field names as OAuth 2 writes them). */
export const identityTokenCall = defineCall({
  path: 'identity/token',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(8192),
  }),
  response: identitySessionSchema,
});

export const IDENTITY_CALLS = {
  signInWithPassword: identitySignInWithPasswordCall,
  signInWithCustomToken: identitySignInWithCustomTokenCall,
  signUp: identitySignUpCall,
  update: identityUpdateCall,
  lookup: identityLookupCall,
  token: identityTokenCall,
} as const;
