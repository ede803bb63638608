// AUTH-08 without letting anyone lock anyone out (decision 0024). Failed sign-ins are counted per
// (email, client), whether or not the email has an account, and before the password is checked, in
// one upsert per counter, so neither the answers nor a burst of parallel guesses tell more:
// - one email from one client address: 5 failures in 15 minutes lock that pair for 15 minutes, with
//   the spec's message, for the person at that keyboard;
// - one email from a device that signed in with it before (the device cookie): the same, for that
//   device alone, and nothing else counts for it, so failures elsewhere never lock it out;
// - one email from every client without such a device: 20 failures lock the email for them all;
// - every email from one address: 30 failures throttle the address (SIGN_IN_THROTTLED).
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { addMinutes, type Clock } from '../../clock.ts';
import { commitWithoutFlush } from '../../db/commit-without-flush.ts';
import { type Database, queryRows } from '../../db/database.ts';
import { signInFailures } from '../../db/schema/sign-in-failures.ts';

export type SignInLimit = { maxFailures: number; windowMinutes: number; lockMinutes: number };

/** AUTH-08's lock: one email from one address, or from one trusted device. */
export const SIGN_IN_LOCKOUT: SignInLimit = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 };
/** One email from every client without a trusted device (guessing spread over many addresses). */
export const UNTRUSTED_LOCKOUT: SignInLimit = { maxFailures: 20, windowMinutes: 15, lockMinutes: 15 };
/** Every email from one address (one address trying many emails). */
export const ADDRESS_THROTTLE: SignInLimit = { maxFailures: 30, windowMinutes: 15, lockMinutes: 15 };

/** How emails are compared: without case or surrounding spaces (decision 0008). */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Any email (an address's counter) or any untrusted client (an email's counter). */
const ANY = '*';

/**
 * An address as counted: an IPv4-mapped IPv6 address as IPv4, and an IPv6 address by its /64, the
 * block one subscriber usually holds, so that walking through it does not make new addresses.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

const retryAfter = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

export function accountLocked(lockedUntil: Date, now: Date): AppError {
  return new AppError('ACCOUNT_LOCKED', { details: { retryAfterSeconds: retryAfter(lockedUntil, now) } });
}

export function signInThrottled(lockedUntil: Date, now: Date): AppError {
  return new AppError('SIGN_IN_THROTTLED', { details: { retryAfterSeconds: retryAfter(lockedUntil, now) } });
}

/** Who is signing in: the client's address and, when its device cookie is trusted for the email's identity, that device. */
export type SignInClient = { address: string; trustedDeviceId?: string | undefined };

type Counter = {
  emailKey: string;
  clientKey: string;
  limit: SignInLimit;
  refuse: (lockedUntil: Date, now: Date) => AppError;
  /** After a success: the person's own failures are forgotten; others' stay, but for this attempt. */
  onSuccess: 'clear' | 'forgive';
};

function countersOf(email: string, client: SignInClient): Counter[] {
  if (client.trustedDeviceId) {
    return [
      {
        emailKey: email,
        clientKey: `device:${client.trustedDeviceId}`,
        limit: SIGN_IN_LOCKOUT,
        refuse: accountLocked,
        onSuccess: 'clear',
      },
    ];
  }
  const ip = `ip:${addressKey(client.address)}`;
  // The address first: every attempt it makes counts against it, even one a lock refuses.
  return [
    { emailKey: ANY, clientKey: ip, limit: ADDRESS_THROTTLE, refuse: signInThrottled, onSuccess: 'forgive' },
    { emailKey: email, clientKey: ip, limit: SIGN_IN_LOCKOUT, refuse: accountLocked, onSuccess: 'clear' },
    {
      emailKey: email,
      clientKey: ANY,
      limit: UNTRUSTED_LOCKOUT,
      refuse: accountLocked,
      onSuccess: 'forgive',
    },
  ];
}

type Count = { failures: number; lockedUntil: Date | null };

/** Counts one attempt; the window restarts once it has passed or a lock has ended. */
async function count(db: Database, counter: Counter, now: Date): Promise<Count> {
  const at = now.toISOString();
  const windowStart = addMinutes(now, -counter.limit.windowMinutes).toISOString();
  const [row] = await queryRows<{ failures: number; locked_until: Date | string | null }>(
    db,
    sql`
      insert into sign_in_failures as f (email_key, client_key, failures, window_started_at, locked_until)
      values (${counter.emailKey}, ${counter.clientKey}, 1, ${at}, null)
      on conflict (email_key, client_key) do update set
        failures = case
          when f.locked_until > ${at} then f.failures
          when f.locked_until is not null or f.window_started_at <= ${windowStart} then 1
          else f.failures + 1 end,
        window_started_at = case
          when f.locked_until > ${at} then f.window_started_at
          when f.locked_until is not null or f.window_started_at <= ${windowStart} then ${at}
          else f.window_started_at end,
        locked_until = case when f.locked_until > ${at} then f.locked_until else null end
      returning failures, locked_until`,
  );
  if (!row) throw new Error('the sign-in attempt was not counted');
  return {
    failures: row.failures,
    lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
  };
}

const keyOf = (counter: Counter) =>
  and(eq(signInFailures.emailKey, counter.emailKey), eq(signInFailures.clientKey, counter.clientKey));

async function lock(db: Database, counter: Counter, now: Date): Promise<AppError> {
  const until = addMinutes(now, counter.limit.lockMinutes);
  await db.update(signInFailures).set({ lockedUntil: until }).where(keyOf(counter));
  return counter.refuse(until, now);
}

export type SignInAttempt = {
  email: string;
  /** Reports the outcome of the password check: a failure may lock (and throws). */
  failed(): Promise<never>;
  succeeded(): Promise<void>;
};

/**
 * Counts one attempt for the email from this client before its password is checked; throws
 * ACCOUNT_LOCKED or SIGN_IN_THROTTLED while a counter of the attempt is locked.
 */
export async function startSignInAttempt(options: {
  db: Database;
  clock: Clock;
  email: string;
  client: SignInClient;
  /** The answer to a wrong password: INVALID_CREDENTIALS at sign-in, WRONG_PASSWORD for a change. */
  wrongPassword: () => AppError;
}): Promise<SignInAttempt> {
  const { db } = options;
  const key = emailKey(options.email);
  const now = options.clock.now();
  const counted: { counter: Counter; failures: number }[] = [];
  const refusal = await counting(db, async (tx) => {
    for (const counter of countersOf(key, options.client)) {
      const { failures, lockedUntil } = await count(tx, counter, now);
      if (lockedUntil && lockedUntil > now) return counter.refuse(lockedUntil, now);
      // Attempts beyond the limit started in parallel with the one that reached it.
      if (failures > counter.limit.maxFailures) return lock(tx, counter, now);
      counted.push({ counter, failures });
    }
    return null;
  });
  if (refusal) throw refusal;

  return {
    email: key,
    async failed() {
      const refusals = await counting(db, async (tx) => {
        const locks: AppError[] = [];
        for (const { counter, failures } of counted) {
          if (failures >= counter.limit.maxFailures) locks.push(await lock(tx, counter, now));
        }
        return locks;
      });
      // The email's own lock is what the person at the keyboard is told first (AUTH-08).
      throw (
        refusals.find((error) => error.code === 'ACCOUNT_LOCKED') ?? refusals[0] ?? options.wrongPassword()
      );
    },
    async succeeded() {
      await counting(db, async (tx) => {
        for (const { counter } of counted) {
          if (counter.onSuccess === 'clear') {
            await tx.delete(signInFailures).where(keyOf(counter));
          } else {
            await tx
              .update(signInFailures)
              .set({ failures: sql`greatest(${signInFailures.failures} - 1, 0)` })
              .where(
                and(
                  keyOf(counter),
                  or(isNull(signInFailures.lockedUntil), lte(signInFailures.lockedUntil, now)),
                ),
              );
          }
        }
      });
    },
  };
}

/**
 * The counters' writes of one step, in one transaction committed without waiting for the disk: an
 * address's counter is one row every sign-in from that address writes, and holding its lock
 * through a disk flush queued them all behind one another. A crash may forget the counts and locks
 * of its last fraction of a second: a few attempts more, at most.
 */
const counting = commitWithoutFlush;

/** Ends every lock of an email and forgets its failures (a completed password reset proves the owner). */
export async function clearSignInAttempts(options: { db: Database; email: string }): Promise<void> {
  await options.db.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey(options.email)));
}
