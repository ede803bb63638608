// Sign in by email and password (AUTH-01), with the lockout of AUTH-08 counted per client (decision
// 0024): a browser that signed in before with its device cookie is counted on its own. An unknown
// email, a wrong password and an identity without a password give the same answer in about the same
// time. A success trusts the device: the token to keep in its cookie comes back with the tokens.
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { eq } from 'drizzle-orm';
import { commitWithoutFlush } from '../../db/commit-without-flush.ts';
import { identityAccounts } from '../../db/schema/identity.ts';
import { findIdentityByEmail } from './identity-accounts.ts';
import { type IdentityContext, issueIdentitySession } from './identity-session.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hashing.ts';
import { startSignInAttempt } from './sign-in-lockout.ts';
import { trustDevice, trustedDeviceOf } from './trusted-devices.ts';

/** The client signing in: its address and the device cookie's token, if any. */
export type PasswordClient = { address: string; deviceToken: string | undefined };

export async function signInWithPassword(
  options: IdentityContext & { email: string; password: string; client: PasswordClient },
): Promise<{ session: IdentitySession; deviceToken: string }> {
  const { db, clock, client } = options;
  const identity = await findIdentityByEmail(db, options.email);
  const trustedDeviceId = await trustedDeviceOf({
    db,
    clock,
    token: client.deviceToken,
    identityAccountId: identity?.account.id,
  });
  const attempt = await startSignInAttempt({
    db,
    clock,
    email: options.email,
    client: { address: client.address, trustedDeviceId },
    wrongPassword: () => new AppError('INVALID_CREDENTIALS'),
  });
  const passwordHash = identity?.account.passwordHash;
  const matches = passwordHash
    ? await verifyPassword(passwordHash, options.password)
    : await verifyAgainstDummy(options.password);
  if (!identity || !passwordHash || !matches) return attempt.failed();
  await attempt.succeeded();

  const rehashed = needsRehash(passwordHash) ? await hashPassword(options.password) : null;
  // What the sign-in creates (the device's trust, the sign-in, its refresh token): one commit, which
  // does not wait for the disk; a crash that lost it asks for the password again.
  return commitWithoutFlush(db, async (tx) => {
    if (rehashed) {
      await tx
        .update(identityAccounts)
        .set({ passwordHash: rehashed, updatedAt: clock.now() })
        .where(eq(identityAccounts.id, identity.account.id));
    }
    const deviceToken = await trustDevice({
      db: tx,
      clock,
      token: client.deviceToken,
      identityAccountId: identity.account.id,
    });
    return { session: await issueIdentitySession({ ...options, db: tx }, identity), deviceToken };
  });
}
