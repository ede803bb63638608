// What a sign-in at a provider leaves behind, cleared by an hourly sweep (decision 0044): attempts
// and verified identities past their ten minutes, and the provider's tokens of sessions that ended
// by expiry (a revoked session forgets them as it ends).
import { and, isNotNull, lt, or } from 'drizzle-orm';
import { addMinutes } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { authorizationAttempts, providerSignIns } from '../../db/schema/sign-in-providers.ts';

/** Kept a while past their expiry, so that a late replay is still told it was used or expired. */
const KEPT_AFTER_EXPIRY_MINUTES = 60;

export async function sweepSignIns(db: Database, now: Date): Promise<number> {
  const before = addMinutes(now, -KEPT_AFTER_EXPIRY_MINUTES);
  const attempts = await db
    .delete(authorizationAttempts)
    .where(lt(authorizationAttempts.expiresAt, before))
    .returning({ id: authorizationAttempts.id });
  const signIns = await db
    .delete(providerSignIns)
    .where(lt(providerSignIns.expiresAt, before))
    .returning({ id: providerSignIns.id });
  const ended = await db
    .update(sessions)
    .set({ providerRefreshToken: null, providerIdToken: null })
    .where(
      and(
        or(isNotNull(sessions.providerRefreshToken), isNotNull(sessions.providerIdToken)),
        or(
          lt(sessions.idleExpiresAt, now),
          lt(sessions.absoluteExpiresAt, now),
          isNotNull(sessions.revokedAt),
        ),
      ),
    )
    .returning({ id: sessions.id });
  return attempts.length + signIns.length + ended.length;
}
