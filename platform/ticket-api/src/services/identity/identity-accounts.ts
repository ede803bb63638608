// Reads identity accounts with the user they sign in, as the identity calls need them.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type IdentityAccountRow, identityAccounts } from '../../db/schema/identity.ts';
import { type UserRow, users } from '../../db/schema/users.ts';

export type IdentityWithUser = { account: IdentityAccountRow; user: UserRow };

const withUser = (db: Database) =>
  db
    .select({ account: identityAccounts, user: users })
    .from(identityAccounts)
    .innerJoin(users, eq(users.id, identityAccounts.userId));

/** The identity signed in with this email (any case), unless its account was anonymised. */
export async function findIdentityByEmail(
  db: Database,
  email: string,
): Promise<IdentityWithUser | undefined> {
  const [found] = await withUser(db)
    .where(
      and(
        eq(sql`lower(${identityAccounts.email})`, email.trim().toLowerCase()),
        ne(users.status, 'ANONYMISED'),
      ),
    )
    .limit(1);
  return found;
}

export async function findIdentityById(db: Database, id: string): Promise<IdentityWithUser | undefined> {
  const [found] = await withUser(db)
    .where(and(eq(identityAccounts.id, id), ne(users.status, 'ANONYMISED')))
    .limit(1);
  return found;
}

/** The identity a verified token names; a token outliving its identity is not valid any more. */
export async function identityOfToken(db: Database, identityAccountId: string): Promise<IdentityWithUser> {
  const found = await findIdentityById(db, identityAccountId);
  if (!found) throw new AppError('TOKEN_INVALID');
  return found;
}

/** Whether an email already belongs to an identity or to an account (any case), other than `exceptUserId`'s. */
export async function emailOwner(
  db: Database,
  email: string,
  exceptUserId?: number,
): Promise<'identity' | 'account' | null> {
  const key = email.trim().toLowerCase();
  const [identity] = await db
    .select({ userId: identityAccounts.userId })
    .from(identityAccounts)
    .where(eq(sql`lower(${identityAccounts.email})`, key))
    .limit(1);
  if (identity && identity.userId !== exceptUserId) return 'identity';
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, key))
    .limit(1);
  if (account && account.id !== exceptUserId) return 'account';
  return null;
}
