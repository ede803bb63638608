// Sessions of an account as a whole: the holder's and those opened as one of its traveller
// profiles, with the identity sign-ins behind them (decision 0024). A password reset and a deletion
// request end them all; a password change and a reactivation all but the caller's.
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { addMinutes, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type SessionRow, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { revokeSignInsOf } from '../identity/sign-ins.ts';
import { sessionEnded } from '../sessions/revoke-session.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';
import { identityOfUser } from './identity-of-account.ts';

export async function revokeAccountSessions(options: {
  db: Database;
  clock: Clock;
  holderId: number;
  exceptSessionId?: string;
}): Promise<number> {
  const { db } = options;
  const profileIds = db.select({ id: users.id }).from(users).where(eq(users.parentUserId, options.holderId));
  const revoked = await db
    .update(sessions)
    .set(sessionEnded(options.clock.now()))
    .where(
      and(
        or(eq(sessions.userId, options.holderId), inArray(sessions.userId, profileIds)),
        isNull(sessions.revokedAt),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * Signs the account out everywhere: every sign-in of its identity (refresh tokens, id tokens and
 * the sessions opened with them) and every session of the holder and its profiles; but for `keep`,
 * the caller's session and its sign-in, when the caller stays signed in.
 */
export async function signOutEverywhere(options: {
  db: Database;
  clock: Clock;
  holderId: number;
  keep?: SessionRow | undefined;
}): Promise<void> {
  const { db, clock, keep } = options;
  const identity = await identityOfUser(db, options.holderId);
  if (identity) {
    await revokeSignInsOf({ db, clock, identityAccountId: identity.id, exceptSignInId: keep?.signInId });
  }
  await revokeAccountSessions({
    db,
    clock,
    holderId: options.holderId,
    ...(keep ? { exceptSessionId: keep.id } : {}),
  });
}

/** Moves the idle expiry forward now (Account/touch), never past the absolute one. */
export async function extendSession(options: {
  db: Database;
  clock: Clock;
  policy: SessionPolicy;
  session: SessionRow;
}): Promise<SessionRow> {
  const { db, session } = options;
  const now = options.clock.now();
  const idle = addMinutes(now, options.policy.idleMinutes);
  const idleExpiresAt = idle < session.absoluteExpiresAt ? idle : session.absoluteExpiresAt;
  const [extended] = await db
    .update(sessions)
    .set({ lastSeenAt: now, idleExpiresAt })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)))
    .returning();
  return extended ?? session;
}
