// Sessions of an account as a whole: the holder's and those opened as one of its traveller
// profiles. A password change ends them all but the caller's; a deletion request ends them all.
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { addMinutes, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type SessionRow, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';

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
    .set({ revokedAt: options.clock.now() })
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
