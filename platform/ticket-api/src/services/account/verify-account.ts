// Account/verify (AUTH-11): the code of the emailed link verifies the address it was sent to,
// without a session (the link may be opened on another device). A second use of the link, or a
// link for an account already verified, answers ALREADY_VERIFIED.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isSameEmail } from '@transit-shop/sdk/validation/email';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/users.ts';
import { findUser } from './auth-user.ts';
import { type CodePurpose, findOneTimeCode, markCodeUsed } from './one-time-codes.ts';

const VERIFICATION_PURPOSES: CodePurpose[] = ['EMAIL_VERIFICATION', 'LEGACY_EMAIL_VERIFICATION'];

export async function verifyAccount(options: {
  db: Database;
  clock: Clock;
  code: string;
  /** The error for a code that is unknown, used up by a change or expired. */
  invalid?: () => AppError;
}): Promise<{ verifiedAt: Date }> {
  const { db, clock } = options;
  const invalid = options.invalid ?? (() => new AppError('VERIFICATION_CODE_INVALID'));
  const row = await findOneTimeCode(db, options.code, VERIFICATION_PURPOSES);
  if (!row) throw invalid();
  const user = await findUser(db, row.userId);
  if (!user) throw invalid();
  if (user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  // Sent to an address the account no longer signs in with: it proves nothing about the new one.
  const stillTheAddress = row.email === null || (user.email !== null && isSameEmail(row.email, user.email));
  if (!stillTheAddress) throw invalid();
  if (user.verifiedAt) throw new AppError('ALREADY_VERIFIED');
  const now = clock.now();
  if (row.usedAt || row.expiresAt <= now) throw invalid();
  if (!(await markCodeUsed(db, clock, row.id))) throw new AppError('ALREADY_VERIFIED');
  const [verified] = await db
    .update(users)
    .set({ verifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.verifiedAt)))
    .returning({ verifiedAt: users.verifiedAt });
  if (!verified?.verifiedAt) throw new AppError('ALREADY_VERIFIED');
  return { verifiedAt: verified.verifiedAt };
}
