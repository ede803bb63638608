// Exchanges a custom token (made by createCustomToken elsewhere in the platform) for an identity session.
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { identityOfToken } from './identity-accounts.ts';
import { type IdentityContext, issueIdentitySession } from './identity-session.ts';
import { verifyCustomToken } from './identity-tokens.ts';

export async function signInWithCustomToken(
  options: IdentityContext & { token: string },
): Promise<IdentitySession> {
  const identityAccountId = await verifyCustomToken(options.token, options);
  return issueIdentitySession(options, await identityOfToken(options.db, identityAccountId));
}
