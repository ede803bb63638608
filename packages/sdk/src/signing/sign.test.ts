import { describe, expect, it } from 'vitest';
import { canonicalString } from './canonical-string.ts';
import { constantTimeEqual, signPayload, verifySignature } from './sign.ts';
import vectors from './signing-vectors.json' with { type: 'json' };

describe('API-01 request signature', () => {
  for (const vector of vectors.vectors) {
    it(`API-01 ${vector.name}: canonical text and HMAC-SHA1 match the shared vector`, async () => {
      expect(canonicalString(vector.payload)).toBe(vector.canonical);
      expect(await signPayload(vector.payload, vectors.key)).toBe(vector.signature);
    });
  }

  it('verifySignature accepts any letter case and refuses another payload or key', async () => {
    const [first] = vectors.vectors;
    if (!first) throw new Error('no vectors');
    expect(await verifySignature(first.payload, first.signature.toUpperCase(), vectors.key)).toBe(true);
    expect(await verifySignature({ ...first.payload, device: 'app' }, first.signature, vectors.key)).toBe(
      false,
    );
    expect(await verifySignature(first.payload, first.signature, `${vectors.key}-other`)).toBe(false);
    expect(await verifySignature(first.payload, first.signature.slice(1), vectors.key)).toBe(false);
  });

  it('API-01 leaves file parts of a multipart payload out of the signed text', () => {
    const withFile = { userToken: 'abc', media: new Blob(['picture']), user_id: '4' };
    expect(canonicalString(withFile)).toBe('abc*4');
  });

  it('compares texts without stopping at the first difference', () => {
    expect(constantTimeEqual('abcd', 'abcd')).toBe(true);
    expect(constantTimeEqual('abcd', 'abce')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});
