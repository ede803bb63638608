// Account/update.json naming a traveller profile (ACC-05): the account holder changes the names,
// birthday or card number of one of their active profiles. Any other field belongs to an account
// and is refused; a profile of another holder, a deactivated or erased one is not the caller's to
// change (FORBIDDEN), whoever's id it is.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { isSameName } from '@transit-shop/sdk/validation/name';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { activeProfileOf, assertAccountOpen } from './auth-user.ts';

export const PROFILE_FIELDS = ['userName', 'userLastname', 'userBirthday', 'cardNumber'] as const;

export type ProfileChanges = {
  userName?: string | undefined;
  userLastname?: string | undefined;
  userBirthday?: string | null | undefined;
  cardNumber?: string | null | undefined;
};

const invalid = (issues: { path: string; message: string }[]) =>
  new AppError('INVALID_REQUEST', { details: { issues } });

/** The fields of `changes` that a traveller profile does not have (an email, a password...). */
export function fieldsNotOfAProfile(changes: Record<string, unknown>): string[] {
  const allowed: readonly string[] = PROFILE_FIELDS;
  return Object.keys(changes).filter((field) => changes[field] !== undefined && !allowed.includes(field));
}

export async function updateProfile(options: {
  db: Database;
  clock: Clock;
  holder: UserRow;
  profileId: number;
  changes: Record<string, unknown> & ProfileChanges;
}): Promise<UserRow> {
  const { db, holder, changes } = options;
  assertAccountOpen(holder);
  // Signed in as a traveller profile: only the holder manages the account's profiles.
  if (holder.parentUserId !== null) throw new AppError('FORBIDDEN');
  const foreign = fieldsNotOfAProfile(changes);
  if (foreign.length > 0) {
    throw invalid(foreign.map((path) => ({ path, message: 'Not a field of a traveller profile' })));
  }
  const profile = await activeProfileOf(db, holder.id, options.profileId);
  if (!profile) throw new AppError('FORBIDDEN', { message: 'The profile is not one of the account' });

  // VAL-02 against what the profile keeps: a last name alone must still differ from the first.
  const firstName = changes.userName ?? profile.firstName;
  const lastName = changes.userLastname ?? profile.lastName;
  const renames = changes.userName !== undefined || changes.userLastname !== undefined;
  if (renames && firstName && lastName && isSameName(firstName, lastName)) {
    const path = changes.userLastname !== undefined ? 'userLastname' : 'userName';
    throw invalid([{ path, message: VALIDATION_MESSAGES.lastNameSameAsFirstName }]);
  }

  const [updated] = await db
    .update(users)
    .set({
      ...(changes.userName === undefined ? {} : { firstName: changes.userName }),
      ...(changes.userLastname === undefined ? {} : { lastName: changes.userLastname }),
      ...(changes.userBirthday === undefined ? {} : { birthday: changes.userBirthday }),
      ...(changes.cardNumber === undefined ? {} : { cardNumber: changes.cardNumber }),
      updatedAt: options.clock.now(),
    })
    .where(eq(users.id, profile.id))
    .returning();
  if (!updated) throw new Error('the profile was not stored');
  return updated;
}
