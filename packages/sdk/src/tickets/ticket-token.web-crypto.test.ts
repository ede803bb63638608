// The code's verdicts where signatures are checked on Web Crypto's threads (a browser): the
// device proof's check starts with the ticket's, and gives the same verdicts.
import { compactVerify, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import {
  signDeviceProof,
  signTicketToken,
  type TicketClaims,
  ticketCode,
  verifyTicketCode,
} from './ticket-token.ts';

const checked = vi.hoisted(() => ({ log: [] as string[] }));
vi.mock('./compact-es256.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./compact-es256.ts')>()),
  checksOnCallingThread: false,
  verifyCompactEs256: async (jws: string, jwk: JWK) => {
    const what = kindOf(jws);
    checked.log.push(`start ${what}`);
    const key = await importJWK({ ...jwk, kty: 'EC', crv: 'P-256' }, 'ES256');
    try {
      return (await compactVerify(jws, key, { algorithms: ['ES256'] })).payload;
    } finally {
      checked.log.push(`end ${what}`);
    }
  },
}));

/** The ticket (typ tkt+jwt) or the device proof. */
function kindOf(jws: string): string {
  const header = JSON.parse(Buffer.from(jws.split('.')[0] ?? '', 'base64url').toString());
  return header.typ === 'tkt+jwt' ? 'ticket' : 'proof';
}

const NOW = new Date('2026-11-27T10:00:00Z');
const seconds = Math.floor(NOW.getTime() / 1000);

async function publicOf(key: CryptoKey) {
  const { x, y } = await exportJWK(key);
  if (!x || !y) throw new Error('not an EC public key');
  return { kty: 'EC' as const, crv: 'P-256' as const, x, y };
}

describe('the ticket code, with Web Crypto checks', () => {
  it('gives the same verdicts with the proof checked alongside the ticket', async () => {
    const network = await generateKeyPair('ES256');
    const [device, other] = await Promise.all([generateKeyPair('ES256'), generateKeyPair('ES256')]);
    const keys = { keys: [{ kid: 'k1', ...(await publicOf(network.publicKey)) }] };
    const claims: TicketClaims = {
      net: 1,
      tid: 'AAAAAAAAAAAAAAAAAAAAAA',
      pid: 5201,
      trv: 'Camille Martin',
      from: seconds - 60,
      to: seconds + 60,
      until: null,
      jrn: null,
      gen: 0,
      iat: seconds,
      cnf: { jwk: await publicOf(device.publicKey) },
    };
    const token = await signTicketToken(claims, { kid: 'k1', privateKey: network.privateKey });
    const proofBy = (key: CryptoKey, tid = claims.tid) => signDeviceProof(tid, key, NOW);

    checked.log.length = 0;
    expect(
      await verifyTicketCode(ticketCode(token, await proofBy(device.privateKey)), { keys, now: NOW }),
    ).toEqual({
      valid: true,
      claims,
      printed: false,
      keyId: 'k1',
    });
    // Both signatures, each checked once, the proof's started before the ticket's is done.
    expect(checked.log.slice(0, 2).sort()).toEqual(['start proof', 'start ticket']);
    expect(checked.log.slice(2).sort()).toEqual(['end proof', 'end ticket']);
    for (const [proof, reason] of [
      [await proofBy(other.privateKey), 'DEVICE_PROOF_INVALID'],
      [await proofBy(device.privateKey, 'BBBBBBBBBBBBBBBBBBBBBB'), 'DEVICE_PROOF_INVALID'],
      [
        await signDeviceProof(claims.tid, device.privateKey, new Date(NOW.getTime() - 31_000)),
        'DEVICE_PROOF_STALE',
      ],
    ] as const) {
      expect(await verifyTicketCode(ticketCode(token, proof), { keys, now: NOW })).toMatchObject({
        valid: false,
        reason,
      });
    }
    // A ticket naming another device key under a broken signature: refused for its signature.
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...claims, cnf: { jwk: await publicOf(other.publicKey) } }),
    ).toString('base64url');
    const code = ticketCode(`${header}.${forged}.${signature}`, await proofBy(other.privateKey));
    expect(await verifyTicketCode(code, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'BAD_SIGNATURE',
    });
  });
});
