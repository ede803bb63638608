// Codes sent by email (verification, password reset, legacy actions): 256 random bits, stored as
// SHA-256, each with a purpose, a lifetime and a single use.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addMinutes, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type OneTimeCodeRow, oneTimeCodes } from '../../db/schema/one-time-codes.ts';
import { randomToken, sha256Hex } from '../../security/tokens.ts';

export type CodePurpose = OneTimeCodeRow['purpose'];

/** Ours: a verification link works for three days, a password-reset link for an hour. */
export const CODE_LIFETIME_MINUTES = {
  EMAIL_VERIFICATION: 72 * 60,
  PASSWORD_RESET: 60,
  LEGACY_PASSWORD_CHANGE: 60,
  LEGACY_EMAIL_VERIFICATION: 72 * 60,
  LEGACY_ACCOUNT_ANONYMIZATION: 72 * 60,
  SIGN_IN_TOKEN: 15,
} as const satisfies Record<CodePurpose, number>;

export async function issueOneTimeCode(options: {
  db: Database;
  clock: Clock;
  userId: number;
  networkId: number;
  purpose: CodePurpose;
  /** The address the code is sent to, for codes that prove an address. */
  email?: string | null;
}): Promise<string> {
  const now = options.clock.now();
  const code = randomToken();
  await options.db.insert(oneTimeCodes).values({
    codeHash: sha256Hex(code),
    purpose: options.purpose,
    userId: options.userId,
    networkId: options.networkId,
    email: options.email ?? null,
    createdAt: now,
    expiresAt: addMinutes(now, CODE_LIFETIME_MINUTES[options.purpose]),
  });
  return code;
}

/** The stored code of one of `purposes`, used or not, expired or not; undefined when there is none. */
export async function findOneTimeCode(
  db: Database,
  code: string,
  purposes: readonly CodePurpose[],
): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, sha256Hex(code)), inArray(oneTimeCodes.purpose, [...purposes])))
    .limit(1);
  return row;
}

/** Uses a code up at most once, even under concurrent calls: false when it was already used. */
export async function markCodeUsed(db: Database, clock: Clock, codeId: string): Promise<boolean> {
  const used = await db
    .update(oneTimeCodes)
    .set({ usedAt: clock.now() })
    .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return used.length === 1;
}

/** Uses up every other open code of these purposes (a new password ends older reset links). */
export async function retireCodes(
  db: Database,
  clock: Clock,
  userId: number,
  purposes: readonly CodePurpose[],
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        inArray(oneTimeCodes.purpose, [...purposes]),
        isNull(oneTimeCodes.usedAt),
      ),
    );
}
