// Password hashes: argon2id with at least OWASP's parameters (19 MiB, 2 passes, 1 lane), and a
// dummy verification for unknown emails so that they take as long as known ones. At most one
// hash per core but one runs at a time (decision 0046): a storm of sign-ins queues here instead of
// taking every core from the calls that need a few milliseconds.

import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** OWASP's minimum for argon2id (DESIGN.md "Security baseline"). */
export const ARGON2_PARAMETERS = {
  // Algorithm is a const enum the compiler cannot inline across modules here: 2 is argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes computed together: the cores but one, and at least one. */
export const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = pLimit(HASHING_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, ARGON2_PARAMETERS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    // A hash this build cannot read matches nothing.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** The hash unknown emails are checked against, made once per process with today's parameters. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no account: ${randomBytes(16).toString('hex')}`);
  return dummyHash;
}

/**
 * Spends the time of one verification without an account: the answer to an unknown email must
 * not come back faster than the answer to a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await dummyPasswordHash(), password);
  return false;
}

/** Whether a stored hash was made with weaker or other parameters than today's. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      options.algorithm !== ARGON2_PARAMETERS.algorithm ||
      options.memoryCost < ARGON2_PARAMETERS.memoryCost ||
      options.timeCost < ARGON2_PARAMETERS.timeCost ||
      options.parallelism !== ARGON2_PARAMETERS.parallelism
    );
  } catch {
    return true;
  }
}
