import { AppError } from '@transit-shop/sdk/errors/app-error';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../test-support/fake-clock.ts';
import { useTestDatabase } from '../test-support/test-database.ts';
import { SIGN_IN_LOCKOUT, startSignInAttempt } from './sign-in-lockout.ts';

const database = useTestDatabase();
const wrongPassword = () => new AppError('INVALID_CREDENTIALS');
const client = { address: '203.0.113.5' };

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as AppError).code;
  }
}

describe('sign-in lockout', () => {
  it('AUTH-08 counts attempts per email without case or spaces', async () => {
    const clock = createFakeClock();
    const db = database.current.db;
    for (const email of ['Case@Example.org', ' case@example.org', 'CASE@EXAMPLE.ORG ', 'case@Example.ORG']) {
      const attempt = await startSignInAttempt({ db, clock, email, client, wrongPassword });
      expect(await codeOf(attempt.failed())).toBe('INVALID_CREDENTIALS');
    }
    const fifth = await startSignInAttempt({ db, clock, email: 'case@example.org', client, wrongPassword });
    expect(await codeOf(fifth.failed())).toBe('ACCOUNT_LOCKED');
  });

  it('AUTH-08 lets no more than five guesses through when attempts arrive all at once', async () => {
    const clock = createFakeClock();
    const db = database.current.db;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        startSignInAttempt({ db, clock, email: 'burst@example.org', client, wrongPassword }),
      ),
    );
    const started = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(started).toHaveLength(SIGN_IN_LOCKOUT.maxFailures);
    for (const result of refused) expect((result.reason as AppError).code).toBe('ACCOUNT_LOCKED');
  });

  it('AUTH-08 opens again once the lock has run out, with a fresh count', async () => {
    const clock = createFakeClock();
    const db = database.current.db;
    const email = 'returns@example.org';
    for (let i = 0; i < 5; i += 1) {
      await codeOf((await startSignInAttempt({ db, clock, email, client, wrongPassword })).failed());
    }
    clock.advanceMinutes(14);
    expect(await codeOf(startSignInAttempt({ db, clock, email, client, wrongPassword }))).toBe(
      'ACCOUNT_LOCKED',
    );
    clock.advanceMinutes(1);
    for (let i = 0; i < 4; i += 1) {
      const attempt = await startSignInAttempt({ db, clock, email, client, wrongPassword });
      expect(await codeOf(attempt.failed())).toBe('INVALID_CREDENTIALS');
    }
  });
});
