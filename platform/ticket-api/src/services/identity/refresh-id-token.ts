// A new id token from a refresh token, which is replaced by a new one of the same sign-in.
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { findIdentityById } from './identity-accounts.ts';
import { type IdentityContext, issueIdentitySession } from './identity-session.ts';
import { consumeRefreshToken } from './refresh-tokens.ts';

export async function refreshIdToken(
  options: IdentityContext & { refreshToken: string },
): Promise<IdentitySession> {
  const { identityAccountId, familyId } = await consumeRefreshToken({
    db: options.db,
    clock: options.clock,
    token: options.refreshToken,
  });
  const identity = await findIdentityById(options.db, identityAccountId);
  if (!identity) throw new AppError('TOKEN_INVALID');
  return issueIdentitySession(options, identity, familyId);
}
