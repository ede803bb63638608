// Comparing secrets without telling, by the time it takes, how much of a guess was right.
import { createHash, timingSafeEqual } from 'node:crypto';

// Digests first: timingSafeEqual needs equal lengths, and a secret's length must not leak either.
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(digest(given), digest(expected));
