// Devices trusted by an identity (decision 0024): a browser that signed in with the password keeps a
// random token in the device cookie, stored here hashed and tied to the identity. Its sign-ins are
// counted on their own, so failures from other addresses never lock it out (sign-in-lockout.ts).
import { and, eq, gt } from 'drizzle-orm';
import { addDays, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { trustedDevices } from '../../db/schema/identity.ts';
import { randomToken, sha256Hex } from '../../security/tokens.ts';

/** Ours: as long as the cookie; each password sign-in on the device starts the period again. */
export const TRUSTED_DEVICE_DAYS = 365;

/** Stands for "no identity" so that an unknown email costs the same query as a known one. */
const NO_IDENTITY = '00000000-0000-0000-0000-000000000000';

/** The trusted device a token stands for with this identity, or undefined. */
export async function trustedDeviceOf(options: {
  db: Database;
  clock: Clock;
  token: string | undefined;
  identityAccountId: string | undefined;
}): Promise<string | undefined> {
  if (!options.token) return undefined;
  const [device] = await options.db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, sha256Hex(options.token)),
        eq(trustedDevices.identityAccountId, options.identityAccountId ?? NO_IDENTITY),
        gt(trustedDevices.expiresAt, options.clock.now()),
      ),
    )
    .limit(1);
  return device?.id;
}

/**
 * Trusts the device for the identity after a sign-in with its password, and answers the token to
 * keep in the cookie: the one the browser sent when we issued it (a browser shared by several
 * accounts keeps one token), otherwise a new one, so a token chosen by someone else is never taken.
 */
export async function trustDevice(options: {
  db: Database;
  clock: Clock;
  token: string | undefined;
  identityAccountId: string;
}): Promise<string> {
  const { db } = options;
  const now = options.clock.now();
  let token: string | undefined;
  if (options.token) {
    const [known] = await db
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(and(eq(trustedDevices.tokenHash, sha256Hex(options.token)), gt(trustedDevices.expiresAt, now)))
      .limit(1);
    if (known) token = options.token;
  }
  token ??= randomToken();
  const expiresAt = addDays(now, TRUSTED_DEVICE_DAYS);
  await db
    .insert(trustedDevices)
    .values({
      tokenHash: sha256Hex(token),
      identityAccountId: options.identityAccountId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [trustedDevices.tokenHash, trustedDevices.identityAccountId],
      set: { lastUsedAt: now, expiresAt },
    });
  return token;
}

/** Forgets every device the identity trusted (a new password: they knew the old one). */
export async function forgetTrustedDevices(options: {
  db: Database;
  identityAccountId: string;
}): Promise<void> {
  await options.db
    .delete(trustedDevices)
    .where(eq(trustedDevices.identityAccountId, options.identityAccountId));
}
