// One sign-in of an identity (decision 0024) ties together what it issued: its id tokens carry its
// id as `sid`, its refresh tokens are one family (family_id = the sign-in's id), and the sessions
// Account/login.json opens with those id tokens name it. Revoking the sign-in ends all three at once.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { identitySignIns, refreshTokens } from '../../db/schema/identity.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { sessionEnded } from '../sessions/revoke-session.ts';
import type { IdTokenClaims } from './identity-tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records a new sign-in of the identity; its id is the `sid` and refresh-token family to issue. */
export async function startSignIn(options: {
  db: Database;
  clock: Clock;
  identityAccountId: string;
}): Promise<string> {
  const [row] = await options.db
    .insert(identitySignIns)
    .values({ identityAccountId: options.identityAccountId, createdAt: options.clock.now() })
    .returning({ id: identitySignIns.id });
  if (!row) throw new Error('the sign-in was not recorded');
  return row.id;
}

/**
 * TOKEN_INVALID unless the id token's sign-in is on record for its identity and not revoked: a
 * logout, a password reset, a deletion request or a reactivation has not ended it. A token without
 * `sid` predates sign-in records and is refused too (it lived an hour at most).
 */
export async function assertSignInLive(db: Database, claims: IdTokenClaims): Promise<void> {
  const { signInId } = claims;
  if (!signInId || !UUID.test(signInId)) throw new AppError('TOKEN_INVALID');
  const [signIn] = await db
    .select({ identityAccountId: identitySignIns.identityAccountId, revokedAt: identitySignIns.revokedAt })
    .from(identitySignIns)
    .where(eq(identitySignIns.id, signInId))
    .limit(1);
  if (!signIn || signIn.revokedAt || signIn.identityAccountId !== claims.identityAccountId) {
    throw new AppError('TOKEN_INVALID');
  }
}

// The revocations below are separate statements, the sign-in first, on purpose: a login that opens a
// session with a sign-in checks the sign-in again after inserting the session (login.ts), so that
// either the check sees the revocation or the revocation of sessions sees the new session.

/** Ends one sign-in: its refresh tokens, its id tokens and the sessions opened with them (a logout). */
export async function revokeSignIn(options: { db: Database; clock: Clock; signInId: string }): Promise<void> {
  const { db } = options;
  const now = options.clock.now();
  await db
    .update(identitySignIns)
    .set({ revokedAt: now })
    .where(and(eq(identitySignIns.id, options.signInId), isNull(identitySignIns.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, options.signInId), isNull(refreshTokens.revokedAt)));
  await db
    .update(sessions)
    .set(sessionEnded(now))
    .where(and(eq(sessions.signInId, options.signInId), isNull(sessions.revokedAt)));
}

/**
 * Ends every sign-in of the identity but `exceptSignInId`'s (the caller's, when it stays signed in):
 * their refresh tokens, id tokens and sessions. Refresh tokens of families without a record go too.
 */
export async function revokeSignInsOf(options: {
  db: Database;
  clock: Clock;
  identityAccountId: string;
  exceptSignInId?: string | null | undefined;
}): Promise<void> {
  const { db, identityAccountId } = options;
  const now = options.clock.now();
  const except = options.exceptSignInId ?? undefined;
  await db
    .update(identitySignIns)
    .set({ revokedAt: now })
    .where(
      and(
        eq(identitySignIns.identityAccountId, identityAccountId),
        isNull(identitySignIns.revokedAt),
        except ? ne(identitySignIns.id, except) : undefined,
      ),
    );
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.identityAccountId, identityAccountId),
        isNull(refreshTokens.revokedAt),
        except ? ne(refreshTokens.familyId, except) : undefined,
      ),
    );
  const signInsOfIdentity = db
    .select({ id: identitySignIns.id })
    .from(identitySignIns)
    .where(
      and(
        eq(identitySignIns.identityAccountId, identityAccountId),
        except ? ne(identitySignIns.id, except) : undefined,
      ),
    );
  await db
    .update(sessions)
    .set(sessionEnded(now))
    .where(and(inArray(sessions.signInId, signInsOfIdentity), isNull(sessions.revokedAt)));
}
