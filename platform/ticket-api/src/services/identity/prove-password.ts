// Proves a change (email, password) with the current password, counted like a sign-in from the
// same client (AUTH-08, decision 0024), so a stolen session or id token cannot be used to guess it.
import type { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { IdentityAccountRow } from '../../db/schema/identity.ts';
import { verifyPassword } from './password-hashing.ts';
import { startSignInAttempt } from './sign-in-lockout.ts';
import type { PasswordClient } from './sign-in-with-password.ts';
import { trustedDeviceOf } from './trusted-devices.ts';

export async function provePassword(options: {
  db: Database;
  clock: Clock;
  identity: IdentityAccountRow;
  password: string;
  client: PasswordClient;
  wrongPassword: () => AppError;
}): Promise<void> {
  const { db, clock, identity, client } = options;
  const trustedDeviceId = await trustedDeviceOf({
    db,
    clock,
    token: client.deviceToken,
    identityAccountId: identity.id,
  });
  const attempt = await startSignInAttempt({
    db,
    clock,
    email: identity.email ?? identity.id,
    client: { address: client.address, trustedDeviceId },
    wrongPassword: options.wrongPassword,
  });
  const matches = identity.passwordHash
    ? await verifyPassword(identity.passwordHash, options.password)
    : false;
  if (!matches) await attempt.failed();
  await attempt.succeeded();
}
