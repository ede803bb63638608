// What every call that signs an identity in answers: a fresh id token and refresh token, both of
// one sign-in (decision 0024): a new one, or the one a refresh or a change continues.
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { IdentityWithUser } from './identity-accounts.ts';
import type { IdentityKeys } from './identity-keys.ts';
import { ID_TOKEN_LIFETIME_SECONDS, issueIdToken } from './identity-tokens.ts';
import { issueRefreshToken } from './refresh-tokens.ts';
import { startSignIn } from './sign-ins.ts';

export type IdentityContext = { db: Database; clock: Clock; keys: IdentityKeys };

export async function issueIdentitySession(
  context: IdentityContext,
  identity: IdentityWithUser,
  /** The sign-in to continue (a refresh, a change); otherwise a new sign-in starts. */
  signInId?: string,
): Promise<IdentitySession> {
  const { account, user } = identity;
  const sid =
    signInId ?? (await startSignIn({ db: context.db, clock: context.clock, identityAccountId: account.id }));
  const idToken = await issueIdToken({
    keys: context.keys,
    clock: context.clock,
    identityAccountId: account.id,
    email: account.email,
    emailVerified: user.verifiedAt !== null,
    anonymous: account.anonymous,
    signInId: sid,
  });
  const refreshToken = await issueRefreshToken({
    db: context.db,
    clock: context.clock,
    identityAccountId: account.id,
    familyId: sid,
  });
  return {
    idToken,
    refreshToken,
    expiresIn: ID_TOKEN_LIFETIME_SECONDS,
    localId: account.id,
    email: account.email,
  };
}
