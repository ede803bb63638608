import { signPayload } from '@transit-shop/sdk/signing/sign';
import { describe, expect, it } from 'vitest';
import { isRequestSignature } from './request-signature.ts';

const SECRET = 'lumiere-signing-key-for-tests';

describe('API-01 request signatures checked on the server', () => {
  it('accepts what the sdk signs (in either case) and refuses another payload, key or signature', async () => {
    const payloads = [
      { networkId: 1, userId: 42, articles: [{ shopItemId: 1101, quantity: 2, support: 'DEMATERIALIZED' }] },
      { email: 'ada@example.org', lang: 'ar', note: 'مرحبا', nothing: null, skipped: undefined },
      { orderKey: '7c9e6679-7425-40de-944b-e07fc1f90ae7', installments: 3, saveMethod: true, signature: 'x' },
    ];
    for (const payload of payloads) {
      const signature = await signPayload(payload, SECRET);
      expect(isRequestSignature(payload, signature, SECRET)).toBe(true);
      expect(isRequestSignature(payload, signature.toUpperCase(), SECRET)).toBe(true);
      expect(isRequestSignature({ ...payload, extra: 1 }, signature, SECRET)).toBe(false);
      expect(isRequestSignature(payload, signature, `${SECRET}-other`)).toBe(false);
      expect(isRequestSignature(payload, signature.slice(0, -1), SECRET)).toBe(false);
    }
  });
});
