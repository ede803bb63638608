// account/deleteIdentity (IDP-03, decision 0044): unlinks the account's identity at a provider of the
// network, proven by a fresh sign-in there as that very identity (the token), once the account has
// an email and a password of its own to sign in with. The caller's session, if that provider
// opened it, no longer names it.
import type { LinkedIdentityDetails } from '@transit-shop/sdk/contract/authentication';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { identities } from '../../db/schema/identity.ts';
import { type SessionRow, sessions } from '../../db/schema/sessions.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { identityOfUser } from '../account/identity-of-account.ts';
import { assertHolder } from './link-identity.ts';
import { listIdentities } from './list-identities.ts';
import type { SignInProviders } from './provider-registry.ts';
import { spendProviderSignIn } from './provider-sign-ins.ts';

export async function unlinkIdentity(options: {
  db: Database;
  clock: Clock;
  providers: SignInProviders;
  network: LoadedNetwork;
  user: UserRow;
  session: SessionRow;
  authProviderId: number;
  authProviderToken: string;
}): Promise<{ identities: LinkedIdentityDetails[] }> {
  const { db, clock, network, user, session } = options;
  assertHolder(user);
  const provider = options.providers.providerOf(network, options.authProviderId);
  await db.transaction(async (tx) => {
    const [linked] = await tx
      .select()
      .from(identities)
      .where(and(eq(identities.userId, user.id), eq(identities.issuer, provider.issuer)))
      .limit(1);
    if (!linked) throw new AppError('IDENTITY_NOT_LINKED');
    // Spent first: a refusal below rolls it back.
    const signIn = await spendProviderSignIn({
      db: tx,
      clock,
      token: options.authProviderToken,
      networkId: network.network.config.id,
    });
    if (
      signIn.providerId !== provider.id ||
      signIn.issuer !== linked.issuer ||
      signIn.subject !== linked.subject
    )
      throw new AppError('IDENTITY_MISMATCH');
    const identity = await identityOfUser(tx, user.id);
    if (!identity?.email || !identity.passwordHash) throw new AppError('IDENTITY_PASSWORD_REQUIRED');
    await tx.delete(identities).where(eq(identities.id, linked.id));
    if (session.authProviderId === provider.id) {
      await tx
        .update(sessions)
        .set({ authProviderId: null, providerRefreshToken: null, providerIdToken: null })
        .where(eq(sessions.id, session.id));
    }
  });
  return listIdentities({ db, network, userId: user.id });
}
