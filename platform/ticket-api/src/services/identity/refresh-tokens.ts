// Refresh tokens: random, stored hashed, replaced on every use. A token used twice was copied, so
// its whole family (every token descended from one sign-in) is revoked. A token is good only while
// its sign-in (identity_sign_ins, id = family) is live (decision 0024).
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, exists, gt, isNull } from 'drizzle-orm';
import { addDays, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { identitySignIns, refreshTokens } from '../../db/schema/identity.ts';
import { randomToken, sha256Hex } from '../../security/tokens.ts';

/** Ours: a device unused for this long signs in again; each use starts the period anew. */
export const REFRESH_TOKEN_LIFETIME_DAYS = 90;

export async function issueRefreshToken(options: {
  db: Database;
  clock: Clock;
  identityAccountId: string;
  /** The sign-in the token belongs to: its family. */
  familyId: string;
}): Promise<string> {
  const now = options.clock.now();
  const token = randomToken();
  await options.db.insert(refreshTokens).values({
    tokenHash: sha256Hex(token),
    identityAccountId: options.identityAccountId,
    familyId: options.familyId,
    createdAt: now,
    expiresAt: addDays(now, REFRESH_TOKEN_LIFETIME_DAYS),
  });
  return token;
}

/**
 * Uses a refresh token up (at most once, even under concurrent calls) and answers whose it was;
 * TOKEN_INVALID for an unknown, expired, revoked or already used token, or one whose sign-in has
 * ended or was never recorded (issued before sign-ins were).
 */
export async function consumeRefreshToken(options: {
  db: Database;
  clock: Clock;
  token: string;
}): Promise<{ identityAccountId: string; familyId: string }> {
  const { db } = options;
  const now = options.clock.now();
  const tokenHash = sha256Hex(options.token);
  const [used] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        // Checked in the same statement: a token issued by a refresh that raced a logout is dead.
        exists(
          db
            .select({ id: identitySignIns.id })
            .from(identitySignIns)
            .where(and(eq(identitySignIns.id, refreshTokens.familyId), isNull(identitySignIns.revokedAt))),
        ),
      ),
    )
    .returning({ identityAccountId: refreshTokens.identityAccountId, familyId: refreshTokens.familyId });
  if (used) return used;

  const [known] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (known?.usedAt) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
  }
  throw new AppError('TOKEN_INVALID');
}

/** Retires the family's tokens not used yet: the sign-in goes on with the one issued next. */
export async function retireUnusedRefreshTokens(options: {
  db: Database;
  clock: Clock;
  familyId: string;
}): Promise<void> {
  await options.db
    .update(refreshTokens)
    .set({ revokedAt: options.clock.now() })
    .where(
      and(
        eq(refreshTokens.familyId, options.familyId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
      ),
    );
}
