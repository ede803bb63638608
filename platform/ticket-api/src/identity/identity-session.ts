// What every call that signs an identity in answers: a fresh id token and refresh token.
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { IdentityWithUser } from './identity-accounts.ts';
import type { IdentityKeys } from './identity-keys.ts';
import { ID_TOKEN_LIFETIME_SECONDS, issueIdToken } from './identity-tokens.ts';
import { issueRefreshToken } from './refresh-tokens.ts';

export type IdentityContext = { db: Database; clock: Clock; keys: IdentityKeys };

export async function issueIdentitySession(
  context: IdentityContext,
  identity: IdentityWithUser,
  /** The refresh-token family to continue (a refresh); a sign-in starts a new one. */
  familyId?: string,
): Promise<IdentitySession> {
  const { account, user } = identity;
  const idToken = await issueIdToken({
    keys: context.keys,
    clock: context.clock,
    identityAccountId: account.id,
    email: account.email,
    emailVerified: user.verifiedAt !== null,
    anonymous: account.anonymous,
  });
  const refreshToken = await issueRefreshToken({
    db: context.db,
    clock: context.clock,
    identityAccountId: account.id,
    ...(familyId ? { familyId } : {}),
  });
  return {
    idToken,
    refreshToken,
    expiresIn: ID_TOKEN_LIFETIME_SECONDS,
    localId: account.id,
    email: account.email,
  };
}
