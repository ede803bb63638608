// Ends sessions: one (logout, deletion request) or every session of a user (password change).
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { sessions } from '../../db/schema/sessions.ts';

/** What ending a session writes, wherever it ends: when, and its provider's tokens forgotten (decision 0044). */
export const sessionEnded = (now: Date) => ({
  revokedAt: now,
  providerRefreshToken: null,
  providerIdToken: null,
});

export async function revokeSession(options: {
  db: Database;
  clock: Clock;
  sessionId: string;
}): Promise<void> {
  await options.db
    .update(sessions)
    .set(sessionEnded(options.clock.now()))
    .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(options: {
  db: Database;
  clock: Clock;
  userId: number;
}): Promise<number> {
  const revoked = await options.db
    .update(sessions)
    .set(sessionEnded(options.clock.now()))
    .where(and(eq(sessions.userId, options.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
