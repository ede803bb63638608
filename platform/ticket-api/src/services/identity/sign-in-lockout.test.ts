import { AppError } from '@transit-shop/sdk/errors/app-error';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock.ts';
import { useTestDatabase } from '../../test-support/test-database.ts';
import {
  ADDRESS_THROTTLE,
  addressKey,
  SIGN_IN_LOCKOUT,
  startSignInAttempt,
  UNTRUSTED_LOCKOUT,
} from './sign-in-lockout.ts';

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
  it('AUTH-08 counts attempts per email without case or spaces, from one address', async () => {
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

  it('one address guessing at many emails all at once gets no more than the address limit through', async () => {
    const clock = createFakeClock();
    const db = database.current.db;
    const sprayer = { address: '192.0.2.99' };
    const results = await Promise.allSettled(
      Array.from({ length: ADDRESS_THROTTLE.maxFailures + 15 }, (_, index) =>
        startSignInAttempt({
          db,
          clock,
          email: `spray.${index}@example.org`,
          client: sprayer,
          wrongPassword,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(
      ADDRESS_THROTTLE.maxFailures,
    );
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as AppError).code).toBe('SIGN_IN_THROTTLED');
    }
  });

  it('guesses at one email from many addresses all at once get no more than the spread limit through', async () => {
    const clock = createFakeClock();
    const db = database.current.db;
    const results = await Promise.allSettled(
      Array.from({ length: UNTRUSTED_LOCKOUT.maxFailures + 15 }, (_, index) =>
        startSignInAttempt({
          db,
          clock,
          email: 'spread@example.org',
          client: { address: `198.51.100.${index + 1}` },
          wrongPassword,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(
      UNTRUSTED_LOCKOUT.maxFailures,
    );
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as AppError).code).toBe('ACCOUNT_LOCKED');
    }
  });

  it('a trusted device guessing all at once gets five guesses through, and other devices none of its failures', async () => {
    const clock = createFakeClock();
    const db = database.current.db;
    const email = 'device.burst@example.org';
    const device = { address: '203.0.113.40', trustedDeviceId: '5d0c1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f' };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        startSignInAttempt({ db, clock, email, client: device, wrongPassword }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(
      SIGN_IN_LOCKOUT.maxFailures,
    );
    const elsewhere = await startSignInAttempt({
      db,
      clock,
      email,
      client: { address: '203.0.113.40' },
      wrongPassword,
    });
    expect(await codeOf(elsewhere.failed())).toBe('INVALID_CREDENTIALS');
  });

  it('counts an IPv4-mapped address as its IPv4 address and an IPv6 address by its /64', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:DB8:AA:BB::9')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
