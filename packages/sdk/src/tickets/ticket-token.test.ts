import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_PROOF_MAX_AGE_SECONDS,
  signDeviceProof,
  signTicketToken,
  type TicketClaims,
  ticketCode,
  verifyTicketCode,
} from './ticket-token.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const at = (offsetSeconds: number) => new Date(NOW.getTime() + offsetSeconds * 1000);

async function setUp() {
  const network = await generateKeyPair('ES256', { extractable: true });
  const device = await generateKeyPair('ES256', { extractable: false });
  const networkJwk = await exportJWK(network.publicKey);
  const deviceJwk = await exportJWK(device.publicKey);
  const keys = {
    keys: [{ kid: 'k1', kty: 'EC' as const, crv: 'P-256' as const, x: networkJwk.x!, y: networkJwk.y! }],
  };
  const claims: TicketClaims = {
    net: 1,
    tid: 'AAAAAAAAAAAAAAAAAAAAAA',
    pid: 5201,
    trv: 'Camille Martin',
    from: Math.floor(at(-3600).getTime() / 1000),
    to: Math.floor(at(3600).getTime() / 1000),
    until: null,
    jrn: null,
    gen: 0,
    iat: Math.floor(NOW.getTime() / 1000),
    cnf: { jwk: { kty: 'EC', crv: 'P-256', x: deviceJwk.x!, y: deviceJwk.y! } },
  };
  const token = await signTicketToken(claims, { kid: 'k1', privateKey: network.privateKey });
  return { network, device, keys, claims, token };
}

describe('the ticket code, verified offline', () => {
  it('accepts a bound ticket with a fresh device proof, and refuses a stale or missing one', async () => {
    const { device, keys, token, claims } = await setUp();
    const proof = await signDeviceProof(claims.tid, device.privateKey, NOW);
    const code = ticketCode(token, proof);
    expect(await verifyTicketCode(code, { keys, now: at(5) })).toMatchObject({ valid: true, printed: false });
    expect(await verifyTicketCode(code, { keys, now: at(DEVICE_PROOF_MAX_AGE_SECONDS + 1) })).toMatchObject({
      valid: false,
      reason: 'DEVICE_PROOF_STALE',
    });
    expect(await verifyTicketCode(token, { keys, now: NOW })).toMatchObject({
      valid: false,
      reason: 'DEVICE_PROOF_MISSING',
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

  it('refuses an unknown key, a tampered token and a ticket outside its window', async () => {
    const { device, keys, token, claims } = await setUp();
    const proof = await signDeviceProof(claims.tid, device.privateKey, NOW);
    expect(await verifyTicketCode(ticketCode(token, proof), { keys: { keys: [] }, now: NOW })).toMatchObject({
      reason: 'UNKNOWN_KEY',
    });
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload!.slice(0, -2)}AA.${signature}`;
    expect((await verifyTicketCode(ticketCode(tampered, proof), { keys, now: NOW })).valid).toBe(false);
    const late = at(7200);
    const lateProof = await signDeviceProof(claims.tid, device.privateKey, late);
    expect(await verifyTicketCode(ticketCode(token, lateProof), { keys, now: late })).toMatchObject({
      reason: 'EXPIRED',
    });
  });
});
