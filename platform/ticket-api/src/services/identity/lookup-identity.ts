// What an id token stands for, read fresh from the database.
import type { IdentityAccount } from '@transit-shop/sdk/contract/identity';
import { identityOfToken } from './identity-accounts.ts';
import type { IdentityContext } from './identity-session.ts';
import { verifyIdToken } from './identity-tokens.ts';
import { assertSignInLive } from './sign-ins.ts';

export async function lookupIdentity(
  options: IdentityContext & { idToken: string },
): Promise<IdentityAccount> {
  const claims = await verifyIdToken(options.idToken, options);
  const { account, user } = await identityOfToken(options.db, claims.identityAccountId);
  await assertSignInLive(options.db, claims);
  return {
    localId: account.id,
    email: account.email,
    emailVerified: user.verifiedAt !== null,
    anonymous: account.anonymous,
    hasPassword: account.passwordHash !== null,
    createdAt: account.createdAt.toISOString(),
  };
}
