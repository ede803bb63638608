// The account details a provider's claims give (decision 0044): names, birth date and email, for a
// first sign-in's new account, and for FranceConnect's at every sign-in (IDP-01).
import { isSameEmail } from '@transit-shop/sdk/validation/email';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { identityAccounts } from '../../db/schema/identity.ts';
import type { ProviderClaims } from '../../db/schema/sign-in-providers.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import type { Logger } from '../../logger.ts';
import { emailOwner } from '../identity/identity-accounts.ts';

export type IdentityDetails = {
  firstName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD. */
  birthday: string | null;
  email: string | null;
};

const TEXT_MAX = 200;

function textOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text.length > TEXT_MAX ? null : text;
}

/** A whole date of the calendar: FranceConnect writes an unknown day or month as 00, which is none. */
function birthdayOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

export function detailsOf(claims: ProviderClaims): IdentityDetails {
  const email = textOf(claims.email);
  return {
    firstName: textOf(claims.given_name),
    lastName: textOf(claims.family_name),
    birthday: birthdayOf(claims.birthdate),
    email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
  };
}

/**
 * IDP-01: writes FranceConnect's names, birth date and email to the account (and the email to its
 * identity). An email another account holds stays where it is: the sign-in goes on, logged.
 */
export async function writeFranceConnectDetails(options: {
  db: Database;
  clock: Clock;
  logger: Logger;
  user: UserRow;
  details: IdentityDetails;
}): Promise<UserRow> {
  const { db, user, details } = options;
  const set: Partial<typeof users.$inferInsert> = {};
  if (details.firstName && details.firstName !== user.firstName) set.firstName = details.firstName;
  if (details.lastName && details.lastName !== user.lastName) set.lastName = details.lastName;
  if (details.birthday && details.birthday !== user.birthday) set.birthday = details.birthday;
  const newEmail =
    details.email && !(user.email && isSameEmail(user.email, details.email)) ? details.email : undefined;
  if (newEmail) {
    if (await emailOwner(db, newEmail, user.id)) {
      options.logger.warn(
        { userId: user.id },
        "FranceConnect's email belongs to another account: kept as it was",
      );
    } else {
      // FranceConnect vouches for the address it gives.
      set.email = newEmail;
      set.verifiedAt = user.verifiedAt ?? options.clock.now();
      await db
        .update(identityAccounts)
        .set({ email: newEmail, updatedAt: options.clock.now() })
        .where(eq(identityAccounts.userId, user.id));
    }
  }
  if (Object.keys(set).length === 0) return user;
  const [updated] = await db
    .update(users)
    .set({ ...set, updatedAt: options.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
