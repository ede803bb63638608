// Account/logout.json (AUTH-07): ends the session and the identity sign-in it was opened with
// (decision 0024), so neither the refresh token nor the id token of that sign-in opens another.
// The account's other sign-ins (another device) stay.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema/sessions.ts';
import { revokeSignIn } from '../identity/sign-ins.ts';
import { revokeSession } from '../sessions/revoke-session.ts';

export async function logout(options: { db: Database; clock: Clock; session: SessionRow }): Promise<void> {
  const { db, clock, session } = options;
  await revokeSession({ db, clock, sessionId: session.id });
  if (session.signInId) await revokeSignIn({ db, clock, signInId: session.signInId });
}
