// Sign in by email and password (AUTH-01), with the lockout of AUTH-08. An unknown email, a wrong
// password and an identity without a password give the same answer in about the same time.
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { eq } from 'drizzle-orm';
import { identityAccounts } from '../db/schema/identity.ts';
import { findIdentityByEmail } from './identity-accounts.ts';
import { type IdentityContext, issueIdentitySession } from './identity-session.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hashing.ts';
import { startSignInAttempt } from './sign-in-lockout.ts';

export async function signInWithPassword(
  options: IdentityContext & { email: string; password: string },
): Promise<IdentitySession> {
  const { db, clock } = options;
  const attempt = await startSignInAttempt({
    db,
    clock,
    email: options.email,
    wrongPassword: () => new AppError('INVALID_CREDENTIALS'),
  });
  const identity = await findIdentityByEmail(db, options.email);
  const passwordHash = identity?.account.passwordHash;
  const matches = passwordHash
    ? await verifyPassword(passwordHash, options.password)
    : await verifyAgainstDummy(options.password);
  if (!identity || !passwordHash || !matches) return attempt.failed();
  await attempt.succeeded();

  if (needsRehash(passwordHash)) {
    await db
      .update(identityAccounts)
      .set({ passwordHash: await hashPassword(options.password), updatedAt: clock.now() })
      .where(eq(identityAccounts.id, identity.account.id));
  }
  return issueIdentitySession(options, identity);
}
