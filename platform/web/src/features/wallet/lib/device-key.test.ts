import { signDeviceProof, verifyTicketCode } from '@transit-shop/sdk/tickets/ticket-token';
import { IDBFactory } from 'fake-indexeddb';
import { compactVerify, importJWK } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceKey, forgetDeviceKeyInMemory } from './device-key.ts';

// Each test starts on a browser that has never opened the wallet.
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  forgetDeviceKeyInMemory();
});

describe('the device key', () => {
  it('is a P-256 pair whose private key cannot be exported', async () => {
    const key = await deviceKey();
    expect(key.publicJwk).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) });
    expect(Object.keys(key.publicJwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(key.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', key.privateKey)).rejects.toThrow();
  });

  it('is made once: asked twice at once, and again after a reload, it is the same key', async () => {
    const [first, second] = await Promise.all([deviceKey(), deviceKey()]);
    expect(second.publicJwk).toEqual(first.publicJwk);
    forgetDeviceKeyInMemory();
    const reloaded = await deviceKey();
    expect(reloaded.publicJwk).toEqual(first.publicJwk);
  });

  it('signs device proofs that its public key verifies', async () => {
    const key = await deviceKey();
    const proof = await signDeviceProof(
      'AAAAAAAAAAAAAAAAAAAAAA',
      key.privateKey,
      new Date(1_800_000_000_000),
    );
    const { payload } = await compactVerify(proof, await importJWK(key.publicJwk, 'ES256'));
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({
      tid: 'AAAAAAAAAAAAAAAAAAAAAA',
      iat: 1_800_000_000,
    });
    // A proof alone is no ticket.
    expect((await verifyTicketCode(proof, { keys: { keys: [] }, now: new Date() })).valid).toBe(false);
  });
});
