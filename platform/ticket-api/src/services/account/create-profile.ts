// Account/createProfile.json: a traveller profile the account holder buys for (ACC-05), a user of
// its own tied to the holder, without email or password.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { assertAccountOpen } from './auth-user.ts';

export type NewProfile = {
  userName: string;
  userLastname: string;
  userBirthday?: string | null | undefined;
  cardNumber?: string | undefined;
};

export async function createProfile(options: {
  db: Database;
  clock: Clock;
  holder: UserRow;
  profile: NewProfile;
}): Promise<UserRow> {
  const { holder, profile } = options;
  assertAccountOpen(holder);
  if (holder.status === 'GUEST') throw new AppError('GUEST_NOT_ALLOWED');
  // Signed in as a traveller profile: only the holder manages the account's profiles.
  if (holder.parentUserId !== null) throw new AppError('FORBIDDEN');
  const now = options.clock.now();
  const [created] = await options.db
    .insert(users)
    .values({
      firstName: profile.userName,
      lastName: profile.userLastname,
      birthday: profile.userBirthday ?? null,
      cardNumber: profile.cardNumber ?? null,
      parentUserId: holder.id,
      locale: holder.locale,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('the profile was not stored');
  return created;
}
