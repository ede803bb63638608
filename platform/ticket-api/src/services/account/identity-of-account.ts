// The identity account of a token or of a user, including those of erased accounts, so that a
// token outliving its account answers ACCOUNT_DELETED rather than passing for an unknown one.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type IdentityAccountRow, identityAccounts } from '../../db/schema/identity.ts';
import { type UserRow, users } from '../../db/schema/users.ts';

export async function accountOfIdentity(
  db: Database,
  identityAccountId: string,
): Promise<{ identity: IdentityAccountRow; user: UserRow }> {
  const [found] = await db
    .select({ identity: identityAccounts, user: users })
    .from(identityAccounts)
    .innerJoin(users, eq(users.id, identityAccounts.userId))
    .where(eq(identityAccounts.id, identityAccountId))
    .limit(1);
  if (!found) throw new AppError('TOKEN_INVALID');
  if (found.user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  return found;
}

export async function identityOfUser(db: Database, userId: number): Promise<IdentityAccountRow | undefined> {
  const [identity] = await db
    .select()
    .from(identityAccounts)
    .where(eq(identityAccounts.userId, userId))
    .limit(1);
  return identity;
}

/** NET-03: guests sign in only where the network's has_guest_orders is non-zero. */
export function assertGuestsAllowed(network: LoadedNetwork): void {
  if (!network.network.config.has_guest_orders) throw new AppError('GUEST_NOT_ALLOWED');
}
