// Id tokens (what Account/login.json takes as firebase_token) and custom tokens (exchanged by
// identity/signInWithCustomToken), both JWTs signed with the identity key (ES256). An id token names
// the sign-in it belongs to (`sid`), which sign-ins.ts checks is still live (decision 0024).
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';
import { IDENTITY_KEY_ALGORITHM, type IdentityKeys } from './identity-keys.ts';

export const ID_TOKEN_ISSUER = 'urn:transit-shop:identity';
/** Who id tokens are for: the ticket API's sign-in. */
export const ID_TOKEN_AUDIENCE = 'urn:transit-shop:ticket-api';
/** Custom tokens are only good for identity/signInWithCustomToken. */
export const CUSTOM_TOKEN_AUDIENCE = 'urn:transit-shop:identity:custom-token';
export const ID_TOKEN_LIFETIME_SECONDS = 60 * 60;
export const CUSTOM_TOKEN_LIFETIME_SECONDS = 5 * 60;

export type IdTokenClaims = {
  /** The identity account (`sub`). */
  identityAccountId: string;
  email: string | null;
  emailVerified: boolean;
  anonymous: boolean;
  /** The sign-in (`sid`); null in a token issued before sign-ins were recorded. */
  signInId: string | null;
  issuedAt: Date;
  expiresAt: Date;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function sign(
  keys: IdentityKeys,
  claims: JWTPayload,
  subject: string,
  audience: string,
  now: Date,
  lifetime: number,
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: IDENTITY_KEY_ALGORITHM, kid: keys.keyId, typ: 'JWT' })
    .setIssuer(ID_TOKEN_ISSUER)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + lifetime)
    .sign(keys.privateKey);
}

export function issueIdToken(options: {
  keys: IdentityKeys;
  clock: Clock;
  identityAccountId: string;
  email: string | null;
  emailVerified: boolean;
  anonymous: boolean;
  /** The sign-in the token belongs to (identity_sign_ins). */
  signInId: string;
}): Promise<string> {
  const claims: JWTPayload = {
    email_verified: options.emailVerified,
    anonymous: options.anonymous,
    sid: options.signInId,
  };
  if (options.email !== null) claims.email = options.email;
  return sign(
    options.keys,
    claims,
    options.identityAccountId,
    ID_TOKEN_AUDIENCE,
    options.clock.now(),
    ID_TOKEN_LIFETIME_SECONDS,
  );
}

async function verify(token: string, keys: IdentityKeys, clock: Clock, audience: string) {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, keys.publicKey, {
      issuer: ID_TOKEN_ISSUER,
      audience,
      algorithms: [IDENTITY_KEY_ALGORITHM],
      currentDate: clock.now(),
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    if (protectedHeader.kid !== keys.keyId || !payload.sub) throw new Error('unknown key or subject');
    return payload as JWTPayload & { sub: string; iat: number; exp: number };
  } catch {
    // Expired, forged, for another audience or malformed: all the same to the caller.
    throw new AppError('TOKEN_INVALID');
  }
}

/**
 * The claims of a validly signed, unexpired id token; TOKEN_INVALID for anything else. Whether its
 * sign-in is still live is asked of the database (assertSignInLive), by every call that takes one.
 */
export async function verifyIdToken(
  token: string,
  options: { keys: IdentityKeys; clock: Clock },
): Promise<IdTokenClaims> {
  const payload = await verify(token, options.keys, options.clock, ID_TOKEN_AUDIENCE);
  return {
    identityAccountId: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : null,
    emailVerified: payload.email_verified === true,
    anonymous: payload.anonymous === true,
    signInId: typeof payload.sid === 'string' ? payload.sid : null,
    issuedAt: new Date(payload.iat * 1000),
    expiresAt: new Date(payload.exp * 1000),
  };
}

/** A short-lived token another part of the platform hands a client to sign an identity in. */
export function createCustomToken(options: {
  keys: IdentityKeys;
  clock: Clock;
  identityAccountId: string;
}): Promise<string> {
  return sign(
    options.keys,
    {},
    options.identityAccountId,
    CUSTOM_TOKEN_AUDIENCE,
    options.clock.now(),
    CUSTOM_TOKEN_LIFETIME_SECONDS,
  );
}

/** The identity account a valid custom token names; TOKEN_INVALID otherwise. */
export async function verifyCustomToken(
  token: string,
  options: { keys: IdentityKeys; clock: Clock },
): Promise<string> {
  const payload = await verify(token, options.keys, options.clock, CUSTOM_TOKEN_AUDIENCE);
  return payload.sub;
}
