// AUTH-08: five failed sign-ins for an email within 15 minutes lock it for 15 minutes. Attempts are
// counted per normalised email whether or not it has an account, and counted before the password
// is checked, so that neither the answers nor a burst of parallel guesses tell more than five.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { eq, sql } from 'drizzle-orm';
import { addMinutes, type Clock } from '../clock.ts';
import { type Database, queryRows } from '../db/database.ts';
import { signInAttempts } from '../db/schema/sign-in-attempts.ts';

export const SIGN_IN_LOCKOUT = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

/** How emails are compared: without case or surrounding spaces (decision 0008). */
export const emailKey = (email: string) => email.trim().toLowerCase();

export function accountLocked(lockedUntil: Date, now: Date): AppError {
  return new AppError('ACCOUNT_LOCKED', {
    details: { retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)) },
  });
}

export type SignInAttempt = {
  email: string;
  /** Reports the outcome of the password check: a failure may lock the email (and throws). */
  failed(): Promise<never>;
  succeeded(): Promise<void>;
};

/**
 * Counts one attempt for the email before its password is checked; throws ACCOUNT_LOCKED while
 * the email is locked. The window restarts once it has passed or a lock has ended.
 */
export async function startSignInAttempt(options: {
  db: Database;
  clock: Clock;
  email: string;
  /** The answer to a wrong password: INVALID_CREDENTIALS at sign-in, WRONG_PASSWORD for a change. */
  wrongPassword: () => AppError;
}): Promise<SignInAttempt> {
  const { db, clock } = options;
  const key = emailKey(options.email);
  const now = clock.now();
  const windowStart = addMinutes(now, -SIGN_IN_LOCKOUT.windowMinutes);
  const [row] = await queryRows<{ failures: number; locked_until: Date | string | null }>(
    db,
    sql`
      insert into sign_in_attempts as a (email_key, failures, window_started_at, locked_until)
      values (${key}, 1, ${now.toISOString()}, null)
      on conflict (email_key) do update set
        failures = case
          when a.locked_until > ${now.toISOString()} then a.failures
          when a.locked_until is not null or a.window_started_at <= ${windowStart.toISOString()} then 1
          else a.failures + 1 end,
        window_started_at = case
          when a.locked_until > ${now.toISOString()} then a.window_started_at
          when a.locked_until is not null or a.window_started_at <= ${windowStart.toISOString()} then ${now.toISOString()}
          else a.window_started_at end,
        locked_until = case
          when a.locked_until > ${now.toISOString()} then a.locked_until
          else null end
      returning failures, locked_until`,
  );
  if (!row) throw new Error('the sign-in attempt was not counted');
  const lockedUntil = row.locked_until === null ? null : new Date(row.locked_until);
  if (lockedUntil && lockedUntil > now) throw accountLocked(lockedUntil, now);

  const lock = async () => {
    const until = addMinutes(now, SIGN_IN_LOCKOUT.lockMinutes);
    await db.update(signInAttempts).set({ lockedUntil: until }).where(eq(signInAttempts.emailKey, key));
    return accountLocked(until, now);
  };
  // Attempts beyond the limit started in parallel with the one that reached it.
  if (row.failures > SIGN_IN_LOCKOUT.maxFailures) throw await lock();

  return {
    email: key,
    async failed() {
      if (row.failures >= SIGN_IN_LOCKOUT.maxFailures) throw await lock();
      throw options.wrongPassword();
    },
    succeeded: () => clearSignInAttempts({ db, email: key }),
  };
}

/** Ends a lock and forgets failures (a completed password reset proves the owner). */
export async function clearSignInAttempts(options: { db: Database; email: string }): Promise<void> {
  await options.db.delete(signInAttempts).where(eq(signInAttempts.emailKey, emailKey(options.email)));
}
