// Sign-in through a network's OpenID providers (spec 02 §7 "Authentication" and the account's
// identity calls; decision 0044): the shop is the relying party. The ticket API keeps the state,
// the nonce and the PKCE verifier of each attempt, exchanges the code and verifies the ID token; the
// browser only carries the state there and back, and then a short-lived single-use token naming the
// verified identity (authProviderToken) to the call that uses it.
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { userAnswerSchema } from './auth-user.ts';
import { defineCall } from './define-call.ts';
import { originTypeSchema } from './enumerations.ts';
import { idSchema, isoDateTimeSchema, signedRequest, textIdSchema, userTokenSchema } from './fields.ts';
import { identitySessionSchema } from './identity.ts';
import { authDriverSchema } from './networks.ts';

const shortText = (max: number) => z.string().trim().max(max);

/**
 * The shop's pages a provider may send the browser back to (unprefixed or with a language prefix),
 * each with what it does with the identity: sign in with the network's Keycloak (/auth/custom) or
 * with FranceConnect (/auth/fc/finalize), link (/account/identity/add), replace
 * (/account/identity/replace), or prove the identity before unlinking it (/auth/fc/delete-identity).
 */
export const PROVIDER_RETURN_PATHS = {
  signIn: '/auth/custom',
  franceConnectSignIn: '/auth/fc/finalize',
  link: '/account/identity/add',
  replace: '/account/identity/replace',
  unlink: '/auth/fc/delete-identity',
} as const;
export type ProviderReturnPurpose = keyof typeof PROVIDER_RETURN_PATHS;

/** The verified identity's token, handed to account/authenticate, createIdentity or deleteIdentity. */
export const authProviderTokenSchema = z.string().min(16).max(512);

export const authorizationStateCall = defineCall({
  path: 'authentication/authorizationState',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    networkId: idSchema,
    authProviderId: idSchema,
    /** A page of the network's own domain among PROVIDER_RETURN_PATHS. */
    redirectUri: z.url({ protocol: /^https?$/ }).max(2048),
  }),
  response: z.object({
    state: z.string().min(16).max(256),
    /** Where to send the browser: the provider's authorization endpoint with state, nonce and PKCE challenge. */
    authorizationUrl: z.url(),
  }),
});

export const exchangeAuthorizationCodeCall = defineCall({
  path: 'authentication/exchangeAuthorizationCode',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(256),
  }),
  response: z.object({
    authProviderToken: authProviderTokenSchema,
    authProviderId: idSchema,
    driver: authDriverSchema,
    /** Seconds the token may still be used. */
    expiresIn: z.number().int().positive(),
    /** The identity is already linked to an account (a sign-in will open its session). */
    linked: z.boolean(),
  }),
});

/** A sign-in with a provider's identity: the account linked to it, or a new one (decision 0044). */
export const authenticateCall = defineCall({
  path: 'account/authenticate',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    networkId: idSchema,
    authProviderToken: authProviderTokenSchema,
    authProviderId: idSchema,
    clientSlug: shortText(64).optional(),
    provider: shortText(64).optional(),
    originAgent: shortText(200).optional(),
    originType: originTypeSchema.optional(),
    locale: localeSchema.optional(),
    /** A provider's identity signs an account in, never a guest. */
    authAsGuest: z.literal(false).optional(),
    oauthClient: shortText(64).optional(),
    withCustomer: z.boolean().optional(),
  }),
  /** The user, and the shop's own identity tokens of the account (to set a password, IDP-03). */
  response: userAnswerSchema.extend({ identity: identitySessionSchema }),
});

export const linkedIdentityDetailsSchema = z.object({
  providerId: idSchema,
  driver: authDriverSchema,
  /** The provider's name in the network's configuration. */
  name: z.string(),
  linkedAt: isoDateTimeSchema,
});
export type LinkedIdentityDetails = z.infer<typeof linkedIdentityDetailsSchema>;
export const identitiesAnswerSchema = z.object({ identities: z.array(linkedIdentityDetailsSchema) });

/** The account's identities at this network's providers. */
export const identitiesCall = defineCall({
  path: 'account/identities',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({ userToken: userTokenSchema, userId: textIdSchema, networkId: textIdSchema }),
  response: identitiesAnswerSchema,
});

/**
 * Links the verified identity to the signed-in account; with replace, in place of the account's
 * identity at the same provider. An identity linked to another account is refused.
 */
export const createIdentityCall = defineCall({
  path: 'account/createIdentity',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    networkId: idSchema,
    authProviderToken: authProviderTokenSchema,
    replace: z.boolean().optional(),
  }),
  response: identitiesAnswerSchema,
});

/**
 * Unlinks the account's identity at a provider (IDP-03): only with a fresh sign-in through that
 * provider as that identity (authProviderToken), and once the account has its own email and password.
 */
export const deleteIdentityCall = defineCall({
  path: 'account/deleteIdentity',
  method: 'DELETE',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    authProviderId: textIdSchema,
    authProviderToken: authProviderTokenSchema,
  }),
  response: identitiesAnswerSchema,
});

/**
 * Ends the session at the provider it was opened with, before the shop's own logout (spec 01 §4):
 * a KEYCLOAK session is ended by the ticket API with the provider's logout form; for an RP-initiated
 * logout (FranceConnect) the answer names the page to send the browser to, which comes back to
 * postLogoutRedirectUri. Null when there is nothing to end at a provider.
 */
export const providerLogoutCall = defineCall({
  path: 'authentication/logout',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    /** The shop's /auth/logout page on the network's domain. */
    postLogoutRedirectUri: z.url({ protocol: /^https?$/ }).max(2048),
  }),
  response: z.object({ endSessionUrl: z.url().nullable() }),
});

export const AUTHENTICATION_CALLS = {
  authorizationStateCall,
  exchangeAuthorizationCodeCall,
  authenticateCall,
  identitiesCall,
  createIdentityCall,
  deleteIdentityCall,
  providerLogoutCall,
};
