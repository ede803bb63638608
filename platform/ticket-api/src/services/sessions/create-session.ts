// Opens a ticket session for a user on a network: the token is returned once and stored hashed.
// A session opened with an identity's id token names that sign-in, which ends it when it ends; one
// opened after a sign-in at a network's provider names the provider.
import { addDays, addMinutes, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type SessionRow, sessions } from '../../db/schema/sessions.ts';
import { randomToken, sha256Hex } from '../../security/tokens.ts';
import type { SessionPolicy } from './session-policy.ts';

export async function createSession(options: {
  db: Database;
  clock: Clock;
  policy: SessionPolicy;
  userId: number;
  networkId: number;
  /** The identity sign-in whose id token opens the session (decision 0024). */
  signInId?: string | null | undefined;
  /** The network's sign-in provider that vouched for the account, and its tokens (decision 0044). */
  provider?: { id: number; refreshToken: string | null; idToken: string | null } | undefined;
}): Promise<{ token: string; session: SessionRow }> {
  const { db, clock, policy } = options;
  const now = clock.now();
  const token = randomToken();
  const absoluteExpiresAt = addDays(now, policy.absoluteDays);
  const idle = addMinutes(now, policy.idleMinutes);
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256Hex(token),
      userId: options.userId,
      networkId: options.networkId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: idle < absoluteExpiresAt ? idle : absoluteExpiresAt,
      absoluteExpiresAt,
      signInId: options.signInId ?? null,
      authProviderId: options.provider?.id ?? null,
      providerRefreshToken: options.provider?.refreshToken ?? null,
      providerIdToken: options.provider?.idToken ?? null,
    })
    .returning();
  if (!session) throw new Error('the session was not stored');
  return { token, session };
}
