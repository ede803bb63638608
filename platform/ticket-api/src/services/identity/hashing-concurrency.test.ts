// The hashes computed together are bounded: a storm of sign-ins queues for the hashing slots
// instead of taking every core. argon2 is replaced by a function that counts the calls in flight.
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';

const inFlight = { now: 0, most: 0 };
const release: Array<() => void> = [];

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  const counted = <T>(answer: T) => {
    inFlight.now += 1;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
    return new Promise<T>((resolve) => {
      release.push(() => {
        inFlight.now -= 1;
        resolve(answer);
      });
    });
  };
  return { ...actual, verify: () => counted(true), hash: () => counted('$argon2id$counted') };
});

const { HASHING_CONCURRENCY, hashPassword, verifyPassword } = await import('./password-hashing.ts');

/** Ends the calls in flight one by one until all of `work` has settled. */
async function drain(work: Promise<unknown>[]): Promise<void> {
  let settled = false;
  const all = Promise.all(work).then(() => {
    settled = true;
  });
  while (!settled) {
    await vi.waitFor(() => expect(release.length > 0 || settled).toBe(true));
    release.shift()?.();
    await Promise.resolve();
  }
  await all;
}

afterEach(() => {
  inFlight.now = 0;
  inFlight.most = 0;
  release.length = 0;
});

describe('password hashing under load', () => {
  it('computes at most one hash per core but one, and at least one, however many are asked at once', async () => {
    expect(HASHING_CONCURRENCY).toBe(Math.max(1, availableParallelism() - 1));
    const work = [
      ...Array.from({ length: 12 }, () => verifyPassword('$argon2id$stored', 'Tramway-Line-7!')),
      ...Array.from({ length: 4 }, () => hashPassword('Tramway-Line-7!')),
    ];
    await vi.waitFor(() => expect(inFlight.now).toBe(HASHING_CONCURRENCY));
    await drain(work);
    expect(inFlight.most).toBe(HASHING_CONCURRENCY);
    expect(await Promise.all(work)).toEqual([...Array(12).fill(true), ...Array(4).fill('$argon2id$counted')]);
  });
});
