// account/createIdentity (decision 0044): links the verified identity behind the token to the
// signed-in account, or with replace, puts it in place of the account's identity at that issuer.
// An identity of another account is refused; linking FranceConnect writes its details (IDP-01).
import type { LinkedIdentityDetails } from '@transit-shop/sdk/contract/authentication';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { identities } from '../../db/schema/identity.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { Logger } from '../../logger.ts';
import { assertAccountOpen } from '../account/auth-user.ts';
import { findLinkedIdentity } from '../identity/linked-identities.ts';
import { ensureIdentityAccount } from './authenticate.ts';
import { detailsOf, writeFranceConnectDetails } from './identity-details.ts';
import { listIdentities } from './list-identities.ts';
import type { SignInProviders } from './provider-registry.ts';
import { spendProviderSignIn } from './provider-sign-ins.ts';

/** Only an account holder links identities: not a guest, nor a traveller profile. */
export function assertHolder(user: UserRow): void {
  assertAccountOpen(user);
  if (user.status === 'GUEST') throw new AppError('GUEST_NOT_ALLOWED');
  if (user.parentUserId !== null)
    throw new AppError('FORBIDDEN', { message: 'A traveller profile has no identities' });
}

export async function linkIdentity(options: {
  db: Database;
  clock: Clock;
  logger: Logger;
  providers: SignInProviders;
  network: LoadedNetwork;
  user: UserRow;
  authProviderToken: string;
  replace: boolean;
}): Promise<{ identities: LinkedIdentityDetails[] }> {
  const { db, clock, network, user } = options;
  assertHolder(user);
  try {
    await db.transaction(async (tx) => {
      // Spent first: a refusal below rolls it back, and the page may try again with it.
      const signIn = await spendProviderSignIn({
        db: tx,
        clock,
        token: options.authProviderToken,
        networkId: network.network.config.id,
      });
      const provider = options.providers.providerOf(network, signIn.providerId);
      const owner = await findLinkedIdentity(tx, signIn.issuer, signIn.subject);
      if (owner && owner.userId !== user.id) throw new AppError('IDENTITY_ALREADY_LINKED');
      const [current] = await tx
        .select()
        .from(identities)
        .where(and(eq(identities.userId, user.id), eq(identities.issuer, signIn.issuer)))
        .limit(1);
      const now = clock.now();
      const linked = { providerId: provider.id, subject: signIn.subject, createdAt: now };
      if (options.replace) {
        if (!current) throw new AppError('IDENTITY_NOT_LINKED');
        if (current.subject !== signIn.subject)
          await tx.update(identities).set(linked).where(eq(identities.id, current.id));
      } else if (current) {
        // The same identity linked again changes nothing.
        if (current.subject !== signIn.subject) throw new AppError('IDENTITY_PROVIDER_ALREADY_LINKED');
      } else {
        await tx.insert(identities).values({ ...linked, userId: user.id, issuer: signIn.issuer });
      }
      const inTx = { db: tx, clock, logger: options.logger };
      await ensureIdentityAccount(inTx, user);
      if (provider.driver === 'FRANCECONNECT') {
        await writeFranceConnectDetails({ ...inTx, user, details: detailsOf(signIn.claims) });
      }
    });
  } catch (error) {
    // Another account linked this identity meanwhile.
    if (isUniqueViolation(error, 'identities_issuer_subject_key'))
      throw new AppError('IDENTITY_ALREADY_LINKED');
    if (isUniqueViolation(error, 'identities_user_issuer_key'))
      throw new AppError('IDENTITY_PROVIDER_ALREADY_LINKED');
    throw error;
  }
  return listIdentities({ db, network, userId: user.id });
}
