// Account/disableProfile: deactivates a traveller profile (ACC-05). Only the account holder who owns
// it can; anything else answers 'The profile could not be disabled' (API-08), whoever's id it is.
// The profile's sessions end with it, and the sign-ins of the password the holder may have given it.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { revokeSignInsOf } from '../identity/sign-ins.ts';
import { sessionEnded } from '../sessions/revoke-session.ts';
import { assertAccountOpen } from './auth-user.ts';
import { identityOfUser } from './identity-of-account.ts';

export async function disableProfile(options: {
  db: Database;
  clock: Clock;
  holder: UserRow;
  profileId: number;
}): Promise<void> {
  const { db, holder } = options;
  assertAccountOpen(holder);
  const now = options.clock.now();
  const disabled = await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: users.id, active: users.active })
      .from(users)
      .where(
        and(
          eq(users.id, options.profileId),
          eq(users.parentUserId, holder.id),
          ne(users.status, 'ANONYMISED'),
        ),
      )
      .limit(1);
    if (!profile) throw new AppError('PROFILE_NOT_DISABLED');
    // Disabling a disabled profile changes nothing and succeeds.
    if (!profile.active) return null;
    await tx.update(users).set({ active: false, updatedAt: now }).where(eq(users.id, profile.id));
    await tx
      .update(sessions)
      .set(sessionEnded(now))
      .where(and(eq(sessions.userId, profile.id), isNull(sessions.revokedAt)));
    return profile.id;
  });
  const identity = disabled === null ? undefined : await identityOfUser(db, disabled);
  if (identity) await revokeSignInsOf({ db, clock: options.clock, identityAccountId: identity.id });
}
