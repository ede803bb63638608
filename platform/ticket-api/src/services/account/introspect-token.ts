// Account/introspectToken.json: whether a session token is alive on this network. An ended,
// unknown or foreign token answers active false, not an error, and looking does not extend it.
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { sha256Hex } from '../../security/tokens.ts';
import { sessionEndReason } from '../sessions/resolve-session.ts';

export type Introspection = { active: boolean; userId: number | null; expiresAt: string | null };

const INACTIVE: Introspection = { active: false, userId: null, expiresAt: null };

export async function introspectToken(options: {
  db: Database;
  clock: Clock;
  token: string;
  networkId: number;
}): Promise<Introspection> {
  const [found] = await options.db
    .select({ session: sessions, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256Hex(options.token)))
    .limit(1);
  if (!found || found.session.networkId !== options.networkId) return INACTIVE;
  if (found.status === 'ANONYMISED' || sessionEndReason(found.session, options.clock.now())) return INACTIVE;
  return {
    active: true,
    userId: found.session.userId,
    expiresAt: found.session.idleExpiresAt.toISOString(),
  };
}
