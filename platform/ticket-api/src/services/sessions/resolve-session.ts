// Finds the live session of a token and records the activity (AUTH-10: an ended session answers
// SESSION_EXPIRED, which the web app shows as the session-expired modal). The session's account is
// read in the same query: every call with a session needs both.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { addMinutes, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type SessionRow, sessions } from '../../db/schema/sessions.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { builtOnce } from '../../hot-path/built-once.ts';
import { sha256Hex } from '../../security/tokens.ts';
import { SESSION_TOUCH_INTERVAL_SECONDS, type SessionPolicy } from './session-policy.ts';

/** Why a session is no longer usable at `now`, or null while it is. */
export function sessionEndReason(session: SessionRow, now: Date): 'revoked' | 'idle' | 'absolute' | null {
  if (session.revokedAt) return 'revoked';
  if (session.absoluteExpiresAt <= now) return 'absolute';
  if (session.idleExpiresAt <= now) return 'idle';
  return null;
}

/** The session of a token hash with its account: every call with a session runs it. */
const sessionByTokenHash = builtOnce('session-by-token-hash', (db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1),
);

export async function resolveSession(options: {
  db: Database;
  clock: Clock;
  policy: SessionPolicy;
  token: string;
  /** The network of the call: a session opened on another network is not one of this shop's. */
  networkId: number;
}): Promise<{ session: SessionRow; user: UserRow | null }> {
  const { db, clock, policy } = options;
  const now = clock.now();
  const [found] = await sessionByTokenHash(db, { tokenHash: sha256Hex(options.token) });
  const session = found?.session;
  if (!session || session.networkId !== options.networkId) throw new AppError('TOKEN_INVALID');
  if (sessionEndReason(session, now)) throw new AppError('SESSION_EXPIRED');
  const user = found.user;

  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_SECONDS * 1000)
    return { session, user };
  const idle = addMinutes(now, policy.idleMinutes);
  const idleExpiresAt = idle < session.absoluteExpiresAt ? idle : session.absoluteExpiresAt;
  const [touched] = await db
    .update(sessions)
    .set({ lastSeenAt: now, idleExpiresAt })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)))
    .returning();
  // Revoked between the read and the write (a logout on another tab).
  if (!touched) throw new AppError('SESSION_EXPIRED');
  return { session: touched, user };
}
