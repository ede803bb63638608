// Account/setProfilePassword.json: the holder lets a traveller profile sign in by itself (spec 01 §6,
// decision 0044). Only in a session a sign-in provider opened: after an email-and-password sign-in
// the family already shares the credentials and picks the traveller at sign-in (AUTH-03), whereas a
// Keycloak or FranceConnect identity is one person's. The profile gets an identity of its own, with
// the email and password given, which become the profile's email too; its sign-ins open sessions
// as the profile, as choosing it does.
// Setting them again replaces them and ends the traveller's sign-ins.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { identityAccounts } from '../../db/schema/identity.ts';
import type { SessionRow } from '../../db/schema/sessions.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { emailOwner } from '../identity/identity-accounts.ts';
import { hashPassword } from '../identity/password-hashing.ts';
import { revokeSignInsOf } from '../identity/sign-ins.ts';
import { activeProfileOf, assertAccountOpen } from './auth-user.ts';
import { identityOfUser } from './identity-of-account.ts';

export async function setProfilePassword(options: {
  db: Database;
  clock: Clock;
  holder: UserRow;
  session: SessionRow;
  profileId: number;
  email: string;
  password: string;
}): Promise<void> {
  const { db, clock, holder } = options;
  assertAccountOpen(holder);
  if (holder.status === 'GUEST') throw new AppError('GUEST_NOT_ALLOWED');
  // Signed in as a traveller: only the holder manages the account's profiles.
  if (holder.parentUserId !== null) throw new AppError('FORBIDDEN');
  if (options.session.authProviderId === null) throw new AppError('PROFILE_PASSWORD_PROVIDER_ONLY');

  const profile = await activeProfileOf(db, holder.id, options.profileId);
  if (!profile) throw new AppError('PROFILE_NOT_FOUND');
  // The holder's own email included: an email signs in one person.
  if ((await emailOwner(db, options.email, profile.id)) !== null) throw new AppError('EMAIL_IN_USE');

  const passwordHash = await hashPassword(options.password);
  const now = clock.now();
  try {
    await db.transaction(async (tx) => {
      // The traveller's email is their account's too, as a holder's is: the sign-in page asks an
      // account without one to complete it.
      await tx.update(users).set({ email: options.email, updatedAt: now }).where(eq(users.id, profile.id));
      const existing = await identityOfUser(tx, profile.id);
      if (existing) {
        await tx
          .update(identityAccounts)
          .set({ email: options.email, passwordHash, updatedAt: now })
          .where(eq(identityAccounts.id, existing.id));
        await revokeSignInsOf({ db: tx, clock, identityAccountId: existing.id });
      } else {
        await tx.insert(identityAccounts).values({
          userId: profile.id,
          email: options.email,
          passwordHash,
          anonymous: false,
          createdAt: now,
          updatedAt: now,
        });
      }
    });
  } catch (error) {
    // The same email given to two travellers at once: the second meets the unique index.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
}
