import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test-support/fake-clock.ts';
import { useTestDatabase } from '../../test-support/test-database.ts';
import { identityKeysFromPem, loadIdentityKeys, loadStoredIdentityKeys } from './identity-keys.ts';
import {
  CUSTOM_TOKEN_AUDIENCE,
  createCustomToken,
  ID_TOKEN_AUDIENCE,
  ID_TOKEN_ISSUER,
  issueIdToken,
  verifyCustomToken,
  verifyIdToken,
} from './identity-tokens.ts';

const database = useTestDatabase();
const pem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
    format: 'pem',
    type: 'pkcs8',
  }) as string;

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

/** The sign-in a token names (decision 0024). */
const SIGN_IN = '0b6f1f8e-2c1a-4d7e-9a53-3c0e6f1d2a4b';
describe('identity keys', () => {
  it('generates the signing key once and gives every replica the same one', async () => {
    const clock = createFakeClock();
    const { db } = database.current;
    const [first, second] = await Promise.all([
      loadStoredIdentityKeys({ db, clock }),
      loadStoredIdentityKeys({ db, clock }),
    ]);
    const third = await loadIdentityKeys({ db, clock, privateKeyPem: undefined });
    expect(second.keyId).toBe(first.keyId);
    expect(third.keyId).toBe(first.keyId);
    expect(first.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: first.keyId });
    expect(first.publicJwk).not.toHaveProperty('d');

    // A token signed by one replica verifies on another.
    const token = await issueIdToken({
      keys: first,
      clock,
      identityAccountId: 'a-replica',
      email: null,
      emailVerified: false,
      anonymous: true,
      signInId: SIGN_IN,
    });
    expect((await verifyIdToken(token, { keys: third, clock })).identityAccountId).toBe('a-replica');
  });

  it('uses IDENTITY_PRIVATE_KEY when it is set, and refuses a key of another kind', async () => {
    const clock = createFakeClock();
    const keys = await loadIdentityKeys({ db: database.current.db, clock, privateKeyPem: pem() });
    expect(keys.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    }) as string;
    await expect(identityKeysFromPem(rsa)).rejects.toThrow('P-256');
  });
});

describe('id tokens', () => {
  it('carry the identity, its email, whether it is verified and their sign-in, for one hour, ES256-signed', async () => {
    const clock = createFakeClock('2026-11-23T09:00:00.000Z');
    const keys = await identityKeysFromPem(pem());
    const token = await issueIdToken({
      keys,
      clock,
      identityAccountId: 'identity-1',
      email: 'ada@example.org',
      emailVerified: true,
      anonymous: false,
      signInId: SIGN_IN,
    });
    const [header, body] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'ES256', kid: keys.keyId, typ: 'JWT' });
    expect(body).toMatchObject({
      iss: ID_TOKEN_ISSUER,
      aud: ID_TOKEN_AUDIENCE,
      sub: 'identity-1',
      email: 'ada@example.org',
      email_verified: true,
      sid: SIGN_IN,
      exp: body.iat + 3600,
    });
    expect(await verifyIdToken(token, { keys, clock })).toEqual({
      identityAccountId: 'identity-1',
      email: 'ada@example.org',
      emailVerified: true,
      anonymous: false,
      signInId: SIGN_IN,
      issuedAt: new Date('2026-11-23T09:00:00.000Z'),
      expiresAt: new Date('2026-11-23T10:00:00.000Z'),
    });
    clock.advanceMinutes(60);
    expect(await codeOf(verifyIdToken(token, { keys, clock }))).toBe('TOKEN_INVALID');
  });

  it('are refused when signed by another key, for another audience, or unsigned', async () => {
    const clock = createFakeClock();
    const keys = await identityKeysFromPem(pem());
    const otherKeys = await identityKeysFromPem(pem());
    const forged = await issueIdToken({
      keys: otherKeys,
      clock,
      identityAccountId: 'x',
      email: null,
      emailVerified: false,
      anonymous: true,
      signInId: SIGN_IN,
    });
    const custom = await createCustomToken({ keys, clock, identityAccountId: 'x' });
    const wrongAudience = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: keys.keyId })
      .setIssuer(ID_TOKEN_ISSUER)
      .setAudience('someone-else')
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keys.privateKey);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ iss: ID_TOKEN_ISSUER, aud: ID_TOKEN_AUDIENCE, sub: 'x' }),
    ).toString('base64url')}.`;
    for (const token of [forged, custom, wrongAudience, unsigned, 'nonsense']) {
      expect(await codeOf(verifyIdToken(token, { keys, clock }))).toBe('TOKEN_INVALID');
    }
  });
});

describe('custom tokens', () => {
  it('name an identity for five minutes and are only custom tokens', async () => {
    const clock = createFakeClock();
    const keys = await identityKeysFromPem(pem());
    const token = await createCustomToken({ keys, clock, identityAccountId: 'identity-9' });
    const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(body).toMatchObject({ aud: CUSTOM_TOKEN_AUDIENCE, sub: 'identity-9', exp: body.iat + 300 });
    expect(await verifyCustomToken(token, { keys, clock })).toBe('identity-9');
    const idToken = await issueIdToken({
      keys,
      clock,
      identityAccountId: 'identity-9',
      email: null,
      emailVerified: false,
      anonymous: false,
      signInId: SIGN_IN,
    });
    expect(await codeOf(verifyCustomToken(idToken, { keys, clock }))).toBe('TOKEN_INVALID');
    clock.advanceMinutes(5);
    expect(await codeOf(verifyCustomToken(token, { keys, clock }))).toBe('TOKEN_INVALID');
  });
});
