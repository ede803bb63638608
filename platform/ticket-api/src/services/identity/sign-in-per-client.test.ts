// AUTH-08 counted per client (decision 0024), through identity/signInWithPassword as the tenant
// service forwards it: the client's address in X-Forwarded-For from the trusted proxy, and the
// device cookie a successful sign-in sets.
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trustedDevices } from '../../db/schema/identity.ts';
import { sha256Hex } from '../../security/tokens.ts';
import { signUpIdentity, uniqueEmail } from '../../test-support/account-test-kit.ts';
import { envelopeOf, LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { ADDRESS_THROTTLE, SIGN_IN_LOCKOUT, UNTRUSTED_LOCKOUT } from './sign-in-lockout.ts';

const testApp = useTestApp();

type From = {
  /** The client's address, as the tenant service forwards it. */
  address: string;
  /** The device cookie's token the browser sends. */
  device?: string | undefined;
  /** The socket's peer: the tenant service on loopback unless said otherwise. */
  peer?: string;
  headers?: Record<string, string>;
};

function signIn(email: string, password: string, from: From) {
  return testApp.current.call(
    IDENTITY_CALLS.signInWithPassword,
    { email, password, networkId: LUMIERE_ID },
    {
      from: { peer: from.peer ?? '127.0.0.1', forwardedFor: from.address },
      headers: { ...from.headers, ...(from.device ? { cookie: `device=${from.device}` } : {}) },
    },
  );
}

/** The status and error code of an answer (200 and undefined for a success). */
async function outcome(response: Response): Promise<[number, string | undefined]> {
  return [response.status, (await envelopeOf(response)).response.error?.code];
}

/** The device cookie an answer sets, whole. */
const deviceCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith('device='));

/** The token of the device cookie an answer sets. */
function deviceTokenOf(response: Response): string {
  const token = deviceCookieOf(response)?.split(';')[0]?.slice('device='.length);
  if (!token) throw new Error('no device cookie');
  return token;
}

/** `count` wrong passwords for the email from one client; answers their outcomes. */
async function guess(email: string, count: number, from: From) {
  const outcomes: [number, string | undefined][] = [];
  for (let attempt = 1; attempt <= count; attempt += 1) {
    outcomes.push(await outcome(await signIn(email, `Wrong-Password-${attempt}!`, from)));
  }
  return outcomes;
}

const invalid: [number, string] = [401, 'INVALID_CREDENTIALS'];
const locked: [number, string] = [423, 'ACCOUNT_LOCKED'];
const throttled: [number, string] = [429, 'SIGN_IN_THROTTLED'];

describe('sign-in failures counted per client address', () => {
  it("AUTH-08 an attacker's address locks itself after five wrong passwords, not the owner on another address", async () => {
    const { email, password } = await signUpIdentity(testApp.current);
    const attacker = { address: '203.0.113.10' };
    expect(await guess(email, SIGN_IN_LOCKOUT.maxFailures, attacker)).toEqual([
      invalid,
      invalid,
      invalid,
      invalid,
      locked,
    ]);
    // AUTH-08 for the person at that keyboard: locked, even with the right password.
    expect(await outcome(await signIn(email, password, attacker))).toEqual(locked);
    // The owner, at home, has never signed in on this browser: the attacker's failures are not theirs.
    expect(await outcome(await signIn(email, password, { address: '198.51.100.20' }))).toEqual([
      200,
      undefined,
    ]);
  });

  it("the owner's device cookie signs in on the attacker's own address (one shared public address) while it is locked there", async () => {
    const { email, password } = await signUpIdentity(testApp.current);
    const shared = '192.0.2.77';
    const first = await signIn(email, password, { address: shared });
    expect(first.status).toBe(200);
    const device = deviceTokenOf(first);

    expect((await guess(email, SIGN_IN_LOCKOUT.maxFailures, { address: shared })).at(-1)).toEqual(locked);
    expect(await outcome(await signIn(email, password, { address: shared }))).toEqual(locked);
    expect(await outcome(await signIn(email, password, { address: shared, device }))).toEqual([
      200,
      undefined,
    ]);
  });

  it('a device cookie is counted on its own: five wrong passwords with it lock that device alone', async () => {
    const { email, password } = await signUpIdentity(testApp.current);
    const device = deviceTokenOf(await signIn(email, password, { address: '198.51.100.30' }));
    const stolen = { address: '203.0.113.31', device };
    expect((await guess(email, SIGN_IN_LOCKOUT.maxFailures, stolen)).at(-1)).toEqual(locked);
    expect(await outcome(await signIn(email, password, stolen))).toEqual(locked);
    // Its failures were not counted against the address it used, nor against the email elsewhere.
    expect(await outcome(await signIn(email, password, { address: '203.0.113.31' }))).toEqual([
      200,
      undefined,
    ]);
  });

  it('failures spread over many addresses lock the email for devices it never signed in on, never for the owner’s device', async () => {
    const { email, password } = await signUpIdentity(testApp.current);
    const device = deviceTokenOf(await signIn(email, password, { address: '198.51.100.40' }));
    const addresses = UNTRUSTED_LOCKOUT.maxFailures / SIGN_IN_LOCKOUT.maxFailures;
    for (let index = 0; index < addresses; index += 1) {
      await guess(email, SIGN_IN_LOCKOUT.maxFailures, { address: `203.0.113.${100 + index}` });
    }
    // A browser that never signed in with this email, at an address that never failed: locked.
    const newcomer = await signIn(email, password, { address: '198.51.100.41' });
    expect(await outcome(newcomer)).toEqual(locked);
    // The owner's browser, wherever it is now, signs in.
    expect(await outcome(await signIn(email, password, { address: '198.51.100.42', device }))).toEqual([
      200,
      undefined,
    ]);
  });

  it('one address failing on many emails is throttled with SIGN_IN_THROTTLED and when to retry, whether the emails have accounts or not', async () => {
    const { email: known, password } = await signUpIdentity(testApp.current);
    const { email: owner, password: ownerPassword } = await signUpIdentity(testApp.current);
    const device = deviceTokenOf(await signIn(owner, ownerPassword, { address: '198.51.100.50' }));
    const sprayer = { address: '192.0.2.200' };
    const emails = Array.from({ length: ADDRESS_THROTTLE.maxFailures }, (_, index) =>
      index === 10 ? known : uniqueEmail('sprayed'),
    );
    const outcomes = [];
    for (const email of emails)
      outcomes.push(await outcome(await signIn(email, 'Wrong-Password-1!', sprayer)));
    expect(outcomes.slice(0, -1)).toEqual(Array(ADDRESS_THROTTLE.maxFailures - 1).fill(invalid));
    const last = await signIn(uniqueEmail('sprayed'), 'Wrong-Password-1!', sprayer);
    expect(await envelopeOf(last)).toMatchObject({
      response: { error: { code: 'SIGN_IN_THROTTLED', details: { retryAfterSeconds: 15 * 60 } } },
    });
    expect(outcomes.at(-1)).toEqual(throttled);
    // Any email from that address waits, even with its right password, and says nothing of accounts.
    expect(await outcome(await signIn(known, password, sprayer))).toEqual(throttled);
    expect(await outcome(await signIn(uniqueEmail('nobody'), password, sprayer))).toEqual(throttled);
    // Other addresses, and a device that signed in before on this one, are not held up.
    expect(await outcome(await signIn(known, password, { address: '192.0.2.201' }))).toEqual([
      200,
      undefined,
    ]);
    expect(await outcome(await signIn(owner, ownerPassword, { ...sprayer, device }))).toEqual([
      200,
      undefined,
    ]);
    // The wait ends by itself.
    testApp.current.clock.advanceMinutes(15);
    expect(await outcome(await signIn(known, password, sprayer))).toEqual([200, undefined]);
  });

  it('the addresses of one IPv6 /64 count as one address', async () => {
    const { email, password } = await signUpIdentity(testApp.current);
    for (let host = 1; host <= SIGN_IN_LOCKOUT.maxFailures; host += 1) {
      await signIn(email, 'Wrong-Password-1!', { address: `2001:db8:7:1::${host.toString(16)}` });
    }
    expect(await outcome(await signIn(email, password, { address: '2001:db8:7:1:ffff::9' }))).toEqual(locked);
    expect(await outcome(await signIn(email, password, { address: '2001:db8:7:2::1' }))).toEqual([
      200,
      undefined,
    ]);
  });

  it('X-Forwarded-For is believed only from the trusted proxy: a caller writing it is counted at its own address', async () => {
    const { email, password } = await signUpIdentity(testApp.current);
    const owner = '198.51.100.60';
    // A caller that reaches the ticket API itself, pretending to forward for the owner's address.
    const stranger = { peer: '192.0.2.66', address: owner };
    expect((await guess(email, SIGN_IN_LOCKOUT.maxFailures, stranger)).at(-1)).toEqual(locked);
    expect(await outcome(await signIn(email, password, { ...stranger, address: '198.51.100.61' }))).toEqual(
      locked,
    );
    expect(await outcome(await signIn(email, password, { address: owner }))).toEqual([200, undefined]);
  });
});

describe('the device cookie', () => {
  it('is random, HttpOnly, SameSite=Strict, for the API base, a year long, Secure over https, and stored hashed', async () => {
    const { email, password, identity } = await signUpIdentity(testApp.current);
    const overHttps = await signIn(email, password, {
      address: '198.51.100.70',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const cookie = deviceCookieOf(overHttps) ?? '';
    expect(cookie).toMatch(/^device=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('; Max-Age=31536000');
    expect(cookie).toContain('; Path=/api');
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; Secure');
    expect(cookie).toContain('; SameSite=Strict');
    const overHttp = await signIn(email, password, { address: '198.51.100.71' });
    expect(deviceCookieOf(overHttp)).not.toContain('Secure');
    expect(deviceTokenOf(overHttp)).not.toBe(deviceTokenOf(overHttps));

    const token = deviceTokenOf(overHttps);
    const stored = await testApp.current.deps.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.identityAccountId, identity.localId));
    expect(stored.map((row) => row.tokenHash)).toContain(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('is not set by a failed sign-in, and a token we never issued is replaced, not trusted', async () => {
    const { email, password } = await signUpIdentity(testApp.current);
    const failed = await signIn(email, 'Wrong-Password-1!', { address: '198.51.100.80' });
    expect(deviceCookieOf(failed)).toBeUndefined();
    const chosen = 'A'.repeat(43);
    const answer = await signIn(email, password, { address: '198.51.100.80', device: chosen });
    expect(deviceTokenOf(answer)).not.toBe(chosen);
  });
});
