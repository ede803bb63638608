import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMETERS,
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from './password-hashing.ts';

describe('password hashing', () => {
  it('hashes with argon2id at no less than 19 MiB, 2 passes and 1 lane, salted', async () => {
    const first = await hashPassword('Tramway-Line-7!');
    const second = await hashPassword('Tramway-Line-7!');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, 'Tramway-Line-7!')).toBe(true);
    expect(await verifyPassword(first, 'tramway-line-7!')).toBe(false);
    expect(await verifyPassword('not a hash', 'Tramway-Line-7!')).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('asks for a new hash of a password stored with weaker parameters', async () => {
    const { hash } = await import('@node-rs/argon2');
    const weak = await hash('Tramway-Line-7!', { ...ARGON2_PARAMETERS, memoryCost: 4096, timeCost: 1 });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('checks an unknown email against a dummy hash of the same cost, which matches nothing', async () => {
    expect(parseOptions(await dummyPasswordHash())).toMatchObject({
      memoryCost: ARGON2_PARAMETERS.memoryCost,
      timeCost: ARGON2_PARAMETERS.timeCost,
      parallelism: ARGON2_PARAMETERS.parallelism,
    });
    expect(await verifyAgainstDummy('no account has this password: it only costs time')).toBe(false);
  });
});
