// Changes an identity's email or password (identity/update): proven by the current password when
// the identity has one (a guest's or a provider's identity may set its first). Answers fresh
// tokens of the same sign-in, since the old ones name the old email; a new password ends every other
// sign-in and forgets the trusted devices (decision 0024). The email of an account with a
// FranceConnect identity is FranceConnect's (IDP-01), but for the own email and first password
// created before unlinking it (IDP-03), which the account keeps once FranceConnect's is gone.

import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isSameEmail } from '@transit-shop/sdk/validation/email';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { passwordSchema } from '@transit-shop/sdk/validation/password';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.ts';
import { identityAccounts } from '../../db/schema/identity.ts';
import { users } from '../../db/schema/users.ts';
import { emailOwner, findIdentityById, identityOfToken } from './identity-accounts.ts';
import { type IdentityContext, issueIdentitySession } from './identity-session.ts';
import { verifyIdToken } from './identity-tokens.ts';
import { hasFranceConnectIdentity } from './linked-identities.ts';
import { hashPassword } from './password-hashing.ts';
import { provePassword } from './prove-password.ts';
import { retireUnusedRefreshTokens } from './refresh-tokens.ts';
import type { PasswordClient } from './sign-in-with-password.ts';
import { assertSignInLive, revokeSignInsOf } from './sign-ins.ts';
import { forgetTrustedDevices } from './trusted-devices.ts';

export type IdentityChanges = {
  email?: string | undefined;
  password?: string | undefined;
  currentPassword?: string | undefined;
};

const currentPasswordRequired = () =>
  new AppError('INVALID_REQUEST', {
    details: { issues: [{ path: 'currentPassword', message: VALIDATION_MESSAGES.required }] },
  });

export async function updateIdentity(
  options: IdentityContext & {
    idToken: string;
    changes: IdentityChanges;
    client: PasswordClient;
    /** Every network served: an identity at any one's FranceConnect makes the email read-only. */
    networks: readonly LoadedNetwork[];
  },
): Promise<IdentitySession> {
  const { db, clock, changes } = options;
  const claims = await verifyIdToken(options.idToken, options);
  const { account, user } = await identityOfToken(db, claims.identityAccountId);
  await assertSignInLive(db, claims);
  if (changes.email === undefined && changes.password === undefined) {
    throw new AppError('INVALID_REQUEST', { message: 'Nothing to change' });
  }
  if (changes.password !== undefined && !passwordSchema.safeParse(changes.password).success) {
    throw new AppError('PASSWORD_TOO_WEAK');
  }
  const newEmail =
    changes.email !== undefined && !(account.email && isSameEmail(account.email, changes.email))
      ? changes.email
      : undefined;
  if (changes.email !== undefined && newEmail === undefined && changes.password === undefined) {
    throw new AppError('SAME_EMAIL');
  }
  const createsCredentials = !account.passwordHash && changes.password !== undefined;
  if (
    newEmail !== undefined &&
    !createsCredentials &&
    !(user.email && isSameEmail(user.email, newEmail)) &&
    (await hasFranceConnectIdentity(db, user.id, options.networks))
  ) {
    throw new AppError('IDENTITY_DETAILS_READ_ONLY');
  }

  // Proving the change counts as a sign-in attempt: a stolen id token cannot be used to guess.
  if (account.passwordHash) {
    if (changes.currentPassword === undefined) throw currentPasswordRequired();
    await provePassword({
      db,
      clock,
      identity: account,
      password: changes.currentPassword,
      client: options.client,
      wrongPassword: () => new AppError('WRONG_PASSWORD'),
    });
  }

  if (newEmail !== undefined) {
    const owner = await emailOwner(db, newEmail, account.userId);
    if (owner) throw new AppError('EMAIL_IN_USE');
  }

  const now = clock.now();
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(identityAccounts)
        .set({
          ...(newEmail !== undefined ? { email: newEmail, anonymous: false } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
          updatedAt: now,
        })
        .where(eq(identityAccounts.id, account.id));
      // The account signs in with the identity's email; a new address is not verified yet (AUTH-11).
      if (newEmail !== undefined) {
        await tx
          .update(users)
          .set({ email: newEmail, verifiedAt: null, updatedAt: now })
          .where(eq(users.id, account.userId));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
  if (passwordHash !== undefined) {
    await revokeSignInsOf({ db, clock, identityAccountId: account.id, exceptSignInId: claims.signInId });
    await forgetTrustedDevices({ db, identityAccountId: account.id });
  }
  const updated = await findIdentityById(db, account.id);
  if (!updated) throw new AppError('TOKEN_INVALID');
  // The caller's sign-in goes on with the tokens answered now; its earlier refresh token is spent.
  if (claims.signInId) await retireUnusedRefreshTokens({ db, clock, familyId: claims.signInId });
  return issueIdentitySession(options, updated, claims.signInId ?? undefined);
}
