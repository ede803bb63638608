import fc from 'fast-check';
import { CompactSign, compactVerify, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyCompactEs256 } from './compact-es256.ts';

const encoder = new TextEncoder();
const base64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** What jose makes of a compact JWS: its payload, or that it refused it. */
async function joseVerdict(jws: string, jwk: JWK): Promise<string> {
  try {
    const { payload } = await compactVerify(jws, await importJWK(jwk, 'ES256'), { algorithms: ['ES256'] });
    return `payload ${Buffer.from(payload).toString('hex')}`;
  } catch {
    return 'refused';
  }
}
async function ourVerdict(jws: string, jwk: JWK): Promise<string> {
  try {
    return `payload ${Buffer.from(await verifyCompactEs256(jws, jwk)).toString('hex')}`;
  } catch {
    return 'refused';
  }
}

describe('the ES256 compact JWS check', () => {
  it('runs on Node’s own verify in these tests', () => {
    expect(typeof process.getBuiltinModule).toBe('function');
  });

  it('accepts and refuses exactly what jose does: signed headers of every shape, other keys, changes anywhere', async () => {
    const signer = await generateKeyPair('ES256', { extractable: true });
    const other = await generateKeyPair('ES256');
    const jwkOf = async (key: CryptoKey) => {
      const { kty, crv, x, y } = await exportJWK(key);
      return { kty, crv, x, y } as JWK;
    };
    const [signerJwk, otherJwk] = await Promise.all([jwkOf(signer.publicKey), jwkOf(other.publicKey)]);
    const header = fc.oneof(
      fc.constant({ alg: 'ES256' }),
      fc.constant({ alg: 'ES256', typ: 'tkt+jwt', kid: 'k1' }),
      fc.constant({ alg: 'ES256', b64: false, crit: ['b64'] }),
      fc.constant({ alg: 'ES256', b64: true, crit: ['b64'] }),
      fc.constant({ alg: 'ES256', crit: ['exp'] }),
      fc.constant({ alg: 'ES256', b64: true }),
    );
    // Signed by hand, so that headers jose's signer would refuse are tried too.
    const signed = fc
      .tuple(header, fc.jsonValue(), fc.boolean())
      .map(([protectedHeader, payload, unencoded]) => ({ protectedHeader, payload, unencoded }));
    await fc.assert(
      fc.asyncProperty(
        signed,
        fc.constantFrom('as signed', 'other key', 'changed'),
        fc.nat(),
        async ({ protectedHeader, payload, unencoded }, how, where) => {
          const head = base64url(protectedHeader);
          const body = unencoded
            ? JSON.stringify(payload ?? null).replace(/[.~]/g, '')
            : base64url(payload ?? null);
          const signature = Buffer.from(
            await crypto.subtle.sign(
              { name: 'ECDSA', hash: 'SHA-256' },
              signer.privateKey,
              encoder.encode(`${head}.${body}`),
            ),
          ).toString('base64url');
          let jws = `${head}.${body}.${signature}`;
          if (how === 'changed') {
            const index = where % jws.length;
            jws = `${jws.slice(0, index)}${jws[index] === 'A' ? 'B' : 'A'}${jws.slice(index + 1)}`;
          }
          const jwk = how === 'other key' ? otherJwk : signerJwk;
          expect(await ourVerdict(jws, jwk)).toBe(await joseVerdict(jws, jwk));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a part written with base64’s own + or /, as jose does', async () => {
    const signer = await generateKeyPair('ES256', { extractable: true });
    const { x, y } = await exportJWK(signer.publicKey);
    const jwk = { kty: 'EC', crv: 'P-256', x, y };
    const head = base64url({ alg: 'ES256' });
    // A payload atob reads, but no base64url: the counterexample fast-check found.
    const body = '-999493290426729e+36';
    const signature = Buffer.from(
      await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        signer.privateKey,
        encoder.encode(`${head}.${body}`),
      ),
    ).toString('base64url');
    const jws = `${head}.${body}.${signature}`;
    expect(await joseVerdict(jws, jwk)).toBe('refused');
    expect(await ourVerdict(jws, jwk)).toBe('refused');
  });

  it('refuses a header that is not ES256, or no object, as jose does', async () => {
    const signer = await generateKeyPair('ES256');
    const { x, y } = await exportJWK(signer.publicKey);
    const jwk = { kty: 'EC', crv: 'P-256', x, y };
    for (const protectedHeader of [{ alg: 'none' }, { alg: 'ES384' }, {}, [], 'ES256', null]) {
      const head = base64url(protectedHeader);
      const body = base64url({ tid: 'x' });
      const signature = Buffer.from(
        await crypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          signer.privateKey,
          encoder.encode(`${head}.${body}`),
        ),
      ).toString('base64url');
      const jws = `${head}.${body}.${signature}`;
      expect(await ourVerdict(jws, jwk)).toBe('refused');
      expect(await joseVerdict(jws, jwk)).toBe('refused');
    }
    const valid = await new CompactSign(encoder.encode('{}'))
      .setProtectedHeader({ alg: 'ES256' })
      .sign(signer.privateKey);
    expect(await ourVerdict(valid, jwk)).toBe(await joseVerdict(valid, jwk));
    expect(await ourVerdict(valid, jwk)).toBe('payload 7b7d');
  });
});
