// Account/update.json: names, birthday, phone, address, contact email, appearance, data-sharing
// consent, locale; the sign-in email, proven by the password (ACC-03: wrong password, taken email
// and other failures are told apart), which leaves the account unverified until the new address is
// (AUTH-11); the password, proven by the current one (VAL-04), which signs every other device out
// and forgets the trusted devices (decision 0024). Names, birth date and email are FranceConnect's
// while the account has a FranceConnect identity (IDP-01).
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import { isSameEmail } from '@transit-shop/sdk/validation/email';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { isSameName } from '@transit-shop/sdk/validation/name';
import { passwordSchema } from '@transit-shop/sdk/validation/password';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { identityAccounts } from '../../db/schema/identity.ts';
import type { SessionRow } from '../../db/schema/sessions.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { emailOwner } from '../identity/identity-accounts.ts';
import { hasFranceConnectIdentity } from '../identity/linked-identities.ts';
import { hashPassword } from '../identity/password-hashing.ts';
import { provePassword } from '../identity/prove-password.ts';
import type { PasswordClient } from '../identity/sign-in-with-password.ts';
import { forgetTrustedDevices } from '../identity/trusted-devices.ts';
import type { MailDeps } from './account-mail.ts';
import { signOutEverywhere } from './account-sessions.ts';
import { assertAccountOpen } from './auth-user.ts';
import { identityOfUser } from './identity-of-account.ts';
import { networkVerifiesByEmail, sendVerificationLink } from './verification-link.ts';

export type AccountChanges = {
  userName?: string | undefined;
  userLastname?: string | undefined;
  userBirthday?: string | null | undefined;
  userPhoneNumber?: string | null | undefined;
  address?:
    | { addressRoute: string; addressPostalCode: string; addressCity: string; addressState: string }
    | null
    | undefined;
  contactEmail?: string | null | undefined;
  appearance?: 'LIGHT' | 'DARK' | 'SYSTEM' | undefined;
  dataSharingConsent?: boolean | undefined;
  locale?: Locale | undefined;
  /** A new sign-in email, with the account's password. */
  email?: string | undefined;
  password?: string | undefined;
  /** A new password, with the current one. */
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
};

const sameNameIssue = (path: string) =>
  new AppError('INVALID_REQUEST', {
    details: { issues: [{ path, message: VALIDATION_MESSAGES.lastNameSameAsFirstName }] },
  });

export async function updateAccount(
  options: MailDeps & {
    db: Database;
    clock: Clock;
    network: LoadedNetwork;
    user: UserRow;
    session: SessionRow;
    /** Every network served: an identity at any one's FranceConnect makes the details read-only. */
    networks: readonly LoadedNetwork[];
    changes: AccountChanges;
    /** The caller's address and device cookie: a password proving a change counts like a sign-in. */
    client: PasswordClient;
  },
): Promise<UserRow> {
  const { db, clock, user, changes } = options;
  assertAccountOpen(user);
  const changesDetails =
    (changes.userName !== undefined && changes.userName !== user.firstName) ||
    (changes.userLastname !== undefined && changes.userLastname !== user.lastName) ||
    (changes.userBirthday !== undefined && changes.userBirthday !== user.birthday) ||
    changes.email !== undefined;
  if (changesDetails && (await hasFranceConnectIdentity(db, user.id, options.networks))) {
    throw new AppError('IDENTITY_DETAILS_READ_ONLY');
  }

  // VAL-02 against what the account keeps: a last name alone must still differ from the first.
  const firstName = changes.userName ?? user.firstName;
  const lastName = changes.userLastname ?? user.lastName;
  if (
    (changes.userName !== undefined || changes.userLastname !== undefined) &&
    firstName &&
    lastName &&
    isSameName(firstName, lastName)
  ) {
    throw sameNameIssue(changes.userLastname !== undefined ? 'userLastname' : 'userName');
  }

  const changesEmail = changes.email !== undefined;
  const changesPassword = changes.newPassword !== undefined;
  const identity = changesEmail || changesPassword ? await identityOfUser(db, user.id) : undefined;

  let newEmail: string | undefined;
  if (changesEmail && changes.email !== undefined) {
    if (user.email && isSameEmail(user.email, changes.email)) throw new AppError('SAME_EMAIL');
    // Without a password of ours (a guest, an account of another sign-in method) there is nothing to prove it with.
    if (!identity?.passwordHash || changes.password === undefined) {
      throw new AppError('update_email_error_other');
    }
    await provePassword({
      db,
      clock,
      identity,
      client: options.client,
      password: changes.password,
      wrongPassword: () => new AppError('update_email_error_password'),
    });
    if (await emailOwner(db, changes.email, user.id)) throw new AppError('update_email_error_email_exists');
    newEmail = changes.email;
  }

  let passwordHash: string | undefined;
  if (changesPassword && changes.newPassword !== undefined) {
    if (!identity?.passwordHash || changes.currentPassword === undefined)
      throw new AppError('WRONG_PASSWORD');
    await provePassword({
      db,
      clock,
      identity,
      client: options.client,
      password: changes.currentPassword,
      wrongPassword: () => new AppError('WRONG_PASSWORD'),
    });
    if (changes.newPassword === changes.currentPassword) throw new AppError('SAME_PASSWORD');
    if (!passwordSchema.safeParse(changes.newPassword).success) throw new AppError('PASSWORD_TOO_WEAK');
    passwordHash = await hashPassword(changes.newPassword);
  }

  const now = clock.now();
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (changes.userName !== undefined) set.firstName = changes.userName;
  if (changes.userLastname !== undefined) set.lastName = changes.userLastname;
  if (changes.userBirthday !== undefined) set.birthday = changes.userBirthday;
  if (changes.userPhoneNumber !== undefined) set.phoneNumber = changes.userPhoneNumber;
  if (changes.address !== undefined) {
    set.addressRoute = changes.address?.addressRoute ?? null;
    set.addressPostalCode = changes.address?.addressPostalCode ?? null;
    set.addressCity = changes.address?.addressCity ?? null;
    set.addressState = changes.address?.addressState ?? null;
  }
  if (changes.contactEmail !== undefined) set.contactEmail = changes.contactEmail;
  if (changes.appearance !== undefined) set.appearance = changes.appearance;
  if (changes.dataSharingConsent !== undefined) set.dataSharingConsent = changes.dataSharingConsent;
  if (changes.locale !== undefined) set.locale = changes.locale;
  if (newEmail !== undefined) {
    // The new address is not proven yet (AUTH-11), and may be sent a link at once.
    set.email = newEmail;
    set.verifiedAt = null;
    set.verificationEmailSentAt = null;
  }

  let updated: UserRow | undefined;
  try {
    updated = await db.transaction(async (tx) => {
      if (identity && (newEmail !== undefined || passwordHash !== undefined)) {
        await tx
          .update(identityAccounts)
          .set({
            ...(newEmail !== undefined ? { email: newEmail } : {}),
            ...(passwordHash !== undefined ? { passwordHash } : {}),
            updatedAt: now,
          })
          .where(eq(identityAccounts.id, identity.id));
      }
      const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
      return row;
    });
  } catch (error) {
    if (newEmail === undefined) throw error;
    // Two accounts taking one address at once: the second meets the unique index.
    if (isUniqueViolation(error)) throw new AppError('update_email_error_email_exists');
    options.logger.error({ err: error, userId: user.id }, 'the email change failed');
    throw new AppError('update_email_error_other');
  }
  if (!updated) throw new AppError('USER_NOT_FOUND');

  if (passwordHash !== undefined && identity) {
    await signOutEverywhere({ db, clock, holderId: user.id, keep: options.session });
    await forgetTrustedDevices({ db, identityAccountId: identity.id });
  }
  if (newEmail !== undefined && networkVerifiesByEmail(options.network)) {
    await sendVerificationLink({ ...options, user: updated, required: false });
  }
  return updated;
}
