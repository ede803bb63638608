// Actions/useCode: the code of an emailed link does what its action says. LEGACY_PASSWORD_CHANGE
// sets a new password (the forgotten-password link, AUTH-06) and ends every sign-in and lock;
// LEGACY_EMAIL_VERIFICATION verifies the address (AUTH-11); LEGACY_ACCOUNT_ANONYMIZATION erases
// the account at once.
import type { ActionType } from '@transit-shop/sdk/contract/enumerations';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { identityAccounts } from '../../db/schema/identity.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { hashPassword } from '../identity/password-hashing.ts';
import { clearSignInAttempts } from '../identity/sign-in-lockout.ts';
import { forgetTrustedDevices } from '../identity/trusted-devices.ts';
import { signOutEverywhere } from './account-sessions.ts';
import { anonymiseAccount } from './anonymise-account.ts';
import { findUser } from './auth-user.ts';
import { identityOfUser } from './identity-of-account.ts';
import { type CodePurpose, findOneTimeCode, markCodeUsed, retireCodes } from './one-time-codes.ts';
import { verifyAccount } from './verify-account.ts';

const PASSWORD_PURPOSES: CodePurpose[] = ['PASSWORD_RESET', 'LEGACY_PASSWORD_CHANGE'];

const invalidCode = () => new AppError('ACTION_CODE_INVALID');

export async function useActionCode(options: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  logger: Logger;
  code: string;
  action: ActionType;
  newPassword?: string | undefined;
}): Promise<void> {
  const { db, clock, action } = options;
  if (action === 'LEGACY_EMAIL_VERIFICATION') {
    await verifyAccount({ db, clock, code: options.code, invalid: invalidCode });
    return;
  }

  const purposes: CodePurpose[] =
    action === 'LEGACY_PASSWORD_CHANGE' ? PASSWORD_PURPOSES : ['LEGACY_ACCOUNT_ANONYMIZATION'];
  const row = await findOneTimeCode(db, options.code, purposes);
  if (!row) throw invalidCode();
  const user = await findUser(db, row.userId);
  if (!user) throw invalidCode();
  if (user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  if (row.usedAt) throw invalidCode();
  if (row.expiresAt <= clock.now()) throw new AppError('ACTION_CODE_EXPIRED');

  if (action === 'LEGACY_ACCOUNT_ANONYMIZATION') {
    if (!(await markCodeUsed(db, clock, row.id))) throw invalidCode();
    await anonymiseAccount({ ...options, userId: user.parentUserId ?? user.id, immediate: true });
    return;
  }

  if (options.newPassword === undefined) {
    throw new AppError('INVALID_REQUEST', { message: 'A new password is required' });
  }
  const identity = await identityOfUser(db, user.id);
  if (!identity) throw invalidCode();
  const passwordHash = await hashPassword(options.newPassword);
  if (!(await markCodeUsed(db, clock, row.id))) throw invalidCode();
  await db
    .update(identityAccounts)
    .set({ passwordHash, updatedAt: clock.now() })
    .where(eq(identityAccounts.id, identity.id));
  // The other reset links, every sign-in (sessions, refresh and id tokens), the devices trusted
  // with the old password and a lock of the sign-in all end with it (decision 0024).
  await retireCodes(db, clock, user.id, PASSWORD_PURPOSES);
  await signOutEverywhere({ db, clock, holderId: user.id });
  await forgetTrustedDevices({ db, identityAccountId: identity.id });
  if (identity.email) await clearSignInAttempts({ db, email: identity.email });
}
