// Registration (AUTH-05): the identity and the account it signs in, with names, locale and the
// acceptance of terms and privacy policy, so that Account/login.json finds the account. Without
// an email, password or names: an anonymous identity and a guest account (AUTH-04).
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import { passwordSchema } from '@transit-shop/sdk/validation/password';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { identityAccounts } from '../../db/schema/identity.ts';
import { users } from '../../db/schema/users.ts';
import { emailOwner, type IdentityWithUser } from './identity-accounts.ts';
import { type IdentityContext, issueIdentitySession } from './identity-session.ts';
import { hashPassword } from './password-hashing.ts';

export type SignUpInput = {
  email?: string | undefined;
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  locale: Locale;
  acceptedTerms?: boolean | undefined;
  acceptedPrivacy?: boolean | undefined;
};

async function insertIdentity(
  db: Database,
  user: typeof users.$inferInsert,
  account: Omit<typeof identityAccounts.$inferInsert, 'userId'>,
): Promise<IdentityWithUser> {
  return db.transaction(async (tx) => {
    const [userRow] = await tx.insert(users).values(user).returning();
    if (!userRow) throw new Error('the account was not stored');
    const [accountRow] = await tx
      .insert(identityAccounts)
      .values({ ...account, userId: userRow.id })
      .returning();
    if (!accountRow) throw new Error('the identity was not stored');
    return { user: userRow, account: accountRow };
  });
}

function registers(input: SignUpInput): boolean {
  return [input.email, input.password, input.firstName, input.lastName].some((value) => value !== undefined);
}

export async function signUp(options: IdentityContext & { input: SignUpInput }): Promise<IdentitySession> {
  const { db, clock, input } = options;
  const now = clock.now();
  if (!registers(input)) {
    const guest = await insertIdentity(
      db,
      { locale: input.locale, status: 'GUEST', createdAt: now, updatedAt: now },
      { anonymous: true, createdAt: now, updatedAt: now },
    );
    return issueIdentitySession(options, guest);
  }

  // The call's schema says all of this field by field; a caller inside the platform hears it here.
  const { email, password, firstName, lastName } = input;
  if (email === undefined) throw new AppError('USERMAIL_NOT_GIVEN');
  if (password === undefined || !passwordSchema.safeParse(password).success) {
    throw new AppError('PASSWORD_TOO_WEAK');
  }
  if (firstName === undefined || lastName === undefined || !input.acceptedTerms || !input.acceptedPrivacy) {
    throw new AppError('INVALID_REQUEST', { message: 'Names and both acceptances are required to register' });
  }

  const owner = await emailOwner(db, email);
  if (owner === 'identity') throw new AppError('EMAIL_IN_USE');
  if (owner === 'account') throw new AppError('ACCOUNT_OTHER_PROVIDER');

  const passwordHash = await hashPassword(password);
  let created: IdentityWithUser;
  try {
    created = await insertIdentity(
      db,
      {
        email,
        firstName,
        lastName,
        locale: input.locale,
        status: 'ACTIVE',
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      { email, passwordHash, anonymous: false, createdAt: now, updatedAt: now },
    );
  } catch (error) {
    // Two registrations of one email at once: the second meets the unique index.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
  return issueIdentitySession(options, created);
}
