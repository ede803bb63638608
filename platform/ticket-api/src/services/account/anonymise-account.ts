// The permanent deletion (ACC-07): once the 30-day withdrawal period of a deletion request has run
// out, the account and its traveller profiles lose every personal datum (names, emails, phone,
// address, birthday, picture, card numbers), their identities, credentials and sessions, and become
// ANONYMISED. The row stays for the orders that name it. Running it again changes nothing.
import { DELETION_WITHDRAWAL_DAYS } from '@transit-shop/sdk/constants';
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { addDays, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import {
  identities,
  identityAccounts,
  identitySignIns,
  refreshTokens,
  trustedDevices,
} from '../../db/schema/identity.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { oneTimeCodes } from '../../db/schema/one-time-codes.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { signInFailures } from '../../db/schema/sign-in-failures.ts';
import { users } from '../../db/schema/users.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

export type AnonymiseOptions = {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  logger: Logger;
  userId: number;
  /**
   * At once, whatever the account's state (LEGACY_ACCOUNT_ANONYMIZATION); otherwise only an
   * account still pending deletion whose withdrawal period has ended.
   */
  immediate?: boolean;
};

/** Whether the account was anonymised now (false: not due, reactivated, or done before). */
export async function anonymiseAccount(options: AnonymiseOptions): Promise<boolean> {
  const { db, clock, userId } = options;
  const now = clock.now();
  const dueBefore = addDays(now, -DELETION_WITHDRAWAL_DAYS);
  const pictures: string[] = [];

  const done = await db.transaction(async (tx) => {
    // The holder's row is claimed first: a reactivation at the same moment either comes before
    // (and the holder is no longer due) or waits for this transaction and finds it erased.
    const [holder] = await tx
      .update(users)
      .set({ status: 'ANONYMISED', updatedAt: now })
      .where(
        and(
          eq(users.id, userId),
          sql`${users.parentUserId} is null`,
          options.immediate
            ? sql`${users.status} <> 'ANONYMISED'`
            : and(eq(users.status, 'PENDING_DELETION'), lte(users.deletionRequestedAt, dueBefore)),
        ),
      )
      .returning({ id: users.id });
    if (!holder) return false;

    const erased = await tx
      .select({ id: users.id, email: users.email, picturePath: users.picturePath })
      .from(users)
      .where(or(eq(users.id, userId), eq(users.parentUserId, userId)));
    const ids = erased.map((row) => row.id);
    for (const row of erased) if (row.picturePath) pictures.push(row.picturePath);

    const [identity] = await tx
      .select({ email: identityAccounts.email })
      .from(identityAccounts)
      .where(eq(identityAccounts.userId, userId));
    const emails = [...erased.map((row) => row.email), identity?.email]
      .filter((email): email is string => typeof email === 'string')
      .map((email) => email.trim().toLowerCase());

    await tx
      .update(users)
      .set({
        email: null,
        firstName: null,
        lastName: null,
        birthday: null,
        phoneNumber: null,
        addressRoute: null,
        addressPostalCode: null,
        addressCity: null,
        addressState: null,
        contactEmail: null,
        picturePath: null,
        cardNumber: null,
        dataSharingConsent: false,
        verifiedAt: null,
        verificationEmailSentAt: null,
        active: false,
        status: 'ANONYMISED',
        updatedAt: now,
      })
      .where(inArray(users.id, ids));
    // The identity account stays without email or password, so that a token it signed before
    // answers ACCOUNT_DELETED; its refresh tokens, sign-ins, trusted devices, linked providers and
    // sessions go.
    const identityIds = tx
      .select({ id: identityAccounts.id })
      .from(identityAccounts)
      .where(inArray(identityAccounts.userId, ids));
    await tx.delete(refreshTokens).where(inArray(refreshTokens.identityAccountId, identityIds));
    await tx.delete(trustedDevices).where(inArray(trustedDevices.identityAccountId, identityIds));
    await tx
      .update(identityAccounts)
      .set({ email: null, passwordHash: null, updatedAt: now })
      .where(inArray(identityAccounts.userId, ids));
    await tx.delete(identities).where(inArray(identities.userId, ids));
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
    await tx.delete(identitySignIns).where(inArray(identitySignIns.identityAccountId, identityIds));
    await tx
      .update(oneTimeCodes)
      .set({ email: null })
      .where(and(inArray(oneTimeCodes.userId, ids), isNotNull(oneTimeCodes.email)));
    // Their transport cards are unlinked: a card number is personal too.
    await tx
      .update(mediaLinks)
      .set({ removedAt: now })
      .where(
        and(
          or(inArray(mediaLinks.userId, ids), inArray(mediaLinks.profileId, ids)),
          isNull(mediaLinks.removedAt),
        ),
      );
    if (emails.length > 0) await tx.delete(signInFailures).where(inArray(signInFailures.emailKey, emails));
    return true;
  });

  for (const key of pictures) {
    await options.storage.delete(key).catch((error: unknown) => {
      options.logger.error({ err: error, key, userId }, 'a picture of an erased account was not deleted');
    });
  }
  return done;
}

/** The deletion job: erases every account whose withdrawal period has ended; answers how many. */
export async function anonymiseDueAccounts(
  options: Omit<AnonymiseOptions, 'userId' | 'immediate'> & { batchSize?: number },
): Promise<number> {
  const { db, clock } = options;
  const batchSize = options.batchSize ?? 100;
  let count = 0;
  for (;;) {
    const dueBefore = addDays(clock.now(), -DELETION_WITHDRAWAL_DAYS);
    const due = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'PENDING_DELETION'), lte(users.deletionRequestedAt, dueBefore)))
      .orderBy(users.deletionRequestedAt)
      .limit(batchSize);
    for (const { id } of due) {
      if (await anonymiseAccount({ ...options, userId: id })) count += 1;
    }
    if (due.length < batchSize) break;
  }
  if (count > 0) options.logger.info({ count }, 'accounts erased at the end of their withdrawal period');
  return count;
}
