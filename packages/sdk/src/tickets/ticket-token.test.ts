import fc from 'fast-check';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_PROOF_MAX_AGE_SECONDS,
  type EcPublicJwk,
  signDeviceProof,
  signTicketToken,
  type TicketClaims,
  type TicketKeySet,
  ticketCode,
  verifyTicketCode,
} from './ticket-token.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const at = (offsetSeconds: number) => new Date(NOW.getTime() + offsetSeconds * 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

async function publicJwkOf(pair: KeyPair): Promise<EcPublicJwk> {
  const { x, y }: JWK = await exportJWK(pair.publicKey);
  if (!x || !y) throw new Error('not an EC public key');
  return { kty: 'EC', crv: 'P-256', x, y };
}

/** A network key pair published under `kid`. */
async function networkKey(kid: string) {
  const pair = await generateKeyPair('ES256', { extractable: true });
  return { kid, privateKey: pair.privateKey, published: { kid, ...(await publicJwkOf(pair)) } };
}

const keySet = (...keys: { published: TicketKeySet['keys'][number] }[]): TicketKeySet => ({
  keys: keys.map((key) => key.published),
});

async function setUp() {
  const key = await networkKey('k1');
  const device = await generateKeyPair('ES256', { extractable: false });
  const keys = keySet(key);
  const claims: TicketClaims = {
    net: 1,
    tid: 'AAAAAAAAAAAAAAAAAAAAAA',
    pid: 5201,
    trv: 'Camille Martin',
    from: seconds(at(-3600)),
    to: seconds(at(3600)),
    until: null,
    jrn: null,
    gen: 0,
    iat: seconds(NOW),
    cnf: { jwk: await publicJwkOf(device) },
  };
  const token = await signTicketToken(claims, key);
  /** The claims signed with the network's key, shown with a fresh proof of the device. */
  const codeOf = async (changes: Partial<TicketClaims>, proofAt = NOW) => {
    const signed = { ...claims, ...changes };
    return ticketCode(
      await signTicketToken(signed, key),
      await signDeviceProof(signed.tid, device.privateKey, proofAt),
    );
  };
  return { key, device, keys, claims, token, codeOf };
}

describe('the ticket code, verified offline', () => {
  it('accepts a bound ticket with a fresh device proof, and refuses a stale or missing one', async () => {
    const { device, keys, token, claims } = await setUp();
    const proof = await signDeviceProof(claims.tid, device.privateKey, NOW);
    const code = ticketCode(token, proof);
    expect(await verifyTicketCode(code, { keys, now: at(5) })).toEqual({
      valid: true,
      claims,
      printed: false,
      keyId: 'k1',
    });
    expect(await verifyTicketCode(code, { keys, now: at(DEVICE_PROOF_MAX_AGE_SECONDS + 1) })).toMatchObject({
      valid: false,
      reason: 'DEVICE_PROOF_STALE',
    });
    expect(await verifyTicketCode(token, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'DEVICE_PROOF_MISSING',
    });
  });

  it('accepts the code with the newline a scanner adds', async () => {
    const { keys, codeOf } = await setUp();
    expect(await verifyTicketCode(`${await codeOf({})}\r\n`, { keys, now: NOW })).toMatchObject({
      valid: true,
    });
  });

  it('refuses a proof made by another device key', async () => {
    const { keys, token, claims } = await setUp();
    const other = await generateKeyPair('ES256');
    const code = ticketCode(token, await signDeviceProof(claims.tid, other.privateKey, NOW));
    expect(await verifyTicketCode(code, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'DEVICE_PROOF_INVALID',
    });
  });

  it('refuses a proof about another ticket, even by the right device', async () => {
    const { device, keys, token } = await setUp();
    const code = ticketCode(token, await signDeviceProof('BBBBBBBBBBBBBBBBBBBBBB', device.privateKey, NOW));
    expect(await verifyTicketCode(code, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'DEVICE_PROOF_INVALID',
    });
  });

  it('accepts a proof up to 30 s ahead of the inspector’s clock and refuses one 31 s ahead', async () => {
    const { keys, codeOf } = await setUp();
    const ahead = (offset: number) => codeOf({}, at(offset));
    expect(
      await verifyTicketCode(await ahead(DEVICE_PROOF_MAX_AGE_SECONDS), { keys, now: NOW }),
    ).toMatchObject({ valid: true });
    expect(
      await verifyTicketCode(await ahead(DEVICE_PROOF_MAX_AGE_SECONDS + 1), { keys, now: NOW }),
    ).toMatchObject({ valid: false, reason: 'DEVICE_PROOF_STALE' });
  });

  it('refuses an unknown key, a tampered token and a ticket outside its window', async () => {
    const { device, keys, token, claims } = await setUp();
    const proof = await signDeviceProof(claims.tid, device.privateKey, NOW);
    expect(await verifyTicketCode(ticketCode(token, proof), { keys: { keys: [] }, now: NOW })).toMatchObject({
      reason: 'UNKNOWN_KEY',
    });
    const late = at(7200);
    const lateProof = await signDeviceProof(claims.tid, device.privateKey, late);
    expect(await verifyTicketCode(ticketCode(token, lateProof), { keys, now: late })).toMatchObject({
      reason: 'EXPIRED',
    });
    const early = at(-7200);
    const earlyProof = await signDeviceProof(claims.tid, device.privateKey, early);
    expect(await verifyTicketCode(ticketCode(token, earlyProof), { keys, now: early })).toMatchObject({
      reason: 'NOT_YET_VALID',
    });
  });

  it('refuses a payload changed under the signature, and a signature changed under the payload', async () => {
    const { keys, key, claims, codeOf } = await setUp();
    const code = await codeOf({});
    const [token = '', proof = ''] = code.split('~');
    const [header, , signature] = token.split('.');
    // Another traveller's name, the same signature.
    const forged = Buffer.from(JSON.stringify({ ...claims, trv: 'Someone Else' })).toString('base64url');
    expect(
      await verifyTicketCode(ticketCode(`${header}.${forged}.${signature}`, proof), { keys, now: NOW }),
    ).toMatchObject({ valid: false, reason: 'BAD_SIGNATURE', claims: null });
    // The signature of another ticket by the same key.
    const otherToken = await signTicketToken({ ...claims, pid: 5202 }, key);
    const [, payload] = token.split('.');
    const swapped = `${header}.${payload}.${otherToken.split('.')[2]}`;
    expect(await verifyTicketCode(ticketCode(swapped, proof), { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'BAD_SIGNATURE',
    });
    // The proof's payload changed under its signature.
    const [proofHeader, , proofSignature] = proof.split('.');
    const laterProof = Buffer.from(JSON.stringify({ tid: claims.tid, iat: seconds(NOW) + 5 })).toString(
      'base64url',
    );
    expect(
      await verifyTicketCode(ticketCode(token, `${proofHeader}.${laterProof}.${proofSignature}`), {
        keys,
        now: NOW,
      }),
    ).toMatchObject({ valid: false, reason: 'DEVICE_PROOF_INVALID' });
  });

  it('verifies tokens by every published key while keys rotate, and refuses one by a key no longer published', async () => {
    const { device, claims } = await setUp();
    const [retired, current, newest] = await Promise.all([
      networkKey('2026-01'),
      networkKey('2026-06'),
      networkKey('2026-11'),
    ]);
    const proof = await signDeviceProof(claims.tid, device.privateKey, NOW);
    const published = keySet(current, newest);
    for (const key of [current, newest]) {
      const code = ticketCode(await signTicketToken(claims, key), proof);
      expect(await verifyTicketCode(code, { keys: published, now: NOW })).toEqual({
        valid: true,
        claims,
        printed: false,
        keyId: key.kid,
      });
    }
    const byRetired = ticketCode(await signTicketToken(claims, retired), proof);
    expect(await verifyTicketCode(byRetired, { keys: published, now: NOW })).toEqual({
      valid: false,
      reason: 'UNKNOWN_KEY',
      claims,
    });
    // A key published under another key's id does not verify it.
    const misfiled = keySet({ published: { ...newest.published, kid: retired.kid } });
    expect(await verifyTicketCode(byRetired, { keys: misfiled, now: NOW })).toMatchObject({
      valid: false,
      reason: 'BAD_SIGNATURE',
    });
  });

  it('verifies a printed ticket without a proof and says it is printed; refuses one shown with a proof', async () => {
    const { key, device, keys, claims } = await setUp();
    const { cnf: _bound, ...unbound } = claims;
    const printed: TicketClaims = { ...unbound, prn: true };
    const token = await signTicketToken(printed, key);
    expect(await verifyTicketCode(token, { keys, now: NOW })).toEqual({
      valid: true,
      claims: printed,
      printed: true,
      keyId: 'k1',
    });
    const withProof = ticketCode(token, await signDeviceProof(claims.tid, device.privateKey, NOW));
    expect(await verifyTicketCode(withProof, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'MALFORMED',
    });
    // A ticket that is neither printed nor bound to a device is no ticket at all.
    const neither = await signTicketToken(unbound, key);
    expect(await verifyTicketCode(neither, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'MALFORMED',
    });
  });

  it('refuses a ticket not yet activated until its use period ends, then as expired', async () => {
    const { keys, codeOf } = await setUp();
    const journeys = { from: null, to: null, jrn: 10 };
    expect(
      await verifyTicketCode(await codeOf({ ...journeys, until: seconds(at(60)) }), { keys, now: NOW }),
    ).toMatchObject({ valid: false, reason: 'NOT_ACTIVATED' });
    expect(
      await verifyTicketCode(await codeOf({ ...journeys, until: seconds(NOW) }), { keys, now: NOW }),
    ).toMatchObject({ valid: false, reason: 'EXPIRED' });
    // An activated journey within its window is valid, whatever its use period.
    expect(
      await verifyTicketCode(
        await codeOf({ from: seconds(at(-60)), to: seconds(at(3540)), until: seconds(at(60)), jrn: 9 }),
        { keys, now: NOW },
      ),
    ).toMatchObject({ valid: true });
  });

  it('refuses a ticket of another network when the inspector names its own', async () => {
    const { keys, codeOf, claims } = await setUp();
    const code = await codeOf({});
    expect(await verifyTicketCode(code, { keys, now: NOW, network: 2 })).toEqual({
      valid: false,
      reason: 'OTHER_NETWORK',
      claims,
    });
    expect(await verifyTicketCode(code, { keys, now: NOW, network: 1 })).toMatchObject({ valid: true });
  });

  it('gives any text a verdict without throwing', async () => {
    const { keys } = await setUp();
    const jwsLike = fc
      .tuple(fc.base64String(), fc.base64String(), fc.base64String(), fc.option(fc.string()))
      .map(([a, b, c, proof]) => `${a}.${b}.${c}${proof === null ? '' : `~${proof}`}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), jwsLike), async (text) => {
        const verdict = await verifyTicketCode(text, { keys, now: NOW });
        expect(verdict.valid).toBe(false);
      }),
    );
  });

  it('never accepts a valid code changed by one character inserted, removed or replaced, and never throws', async () => {
    const { keys, codeOf } = await setUp();
    const code = await codeOf({});
    expect(await verifyTicketCode(code, { keys, now: NOW })).toMatchObject({ valid: true });
    const alphabet = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~+/='.split(''),
    );
    const position = fc.integer({ min: 0, max: code.length - 1 });
    const mutated = fc.oneof(
      fc
        .tuple(position, alphabet)
        .filter(([index, char]) => code[index] !== char)
        .map(([index, char]) => `${code.slice(0, index)}${char}${code.slice(index + 1)}`),
      fc
        .tuple(position, alphabet)
        .map(([index, char]) => `${code.slice(0, index)}${char}${code.slice(index)}`),
      position.map((index) => `${code.slice(0, index)}${code.slice(index + 1)}`),
      position.map((index) => code.slice(0, index)),
    );
    await fc.assert(
      fc.asyncProperty(mutated, async (text) => {
        const verdict = await verifyTicketCode(text, { keys, now: NOW });
        expect(verdict.valid).toBe(false);
      }),
      { numRuns: 300 },
    );
    // 300 signature checks: seconds on a loaded machine, so not under the default 5 s limit.
  }, 60_000);
});
