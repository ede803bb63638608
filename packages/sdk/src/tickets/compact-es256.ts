// The check of a compact JWS signed with ES256 by a P-256 public key: the payload's bytes, or a
// throw. jose checks it everywhere; on Node, the usual header ({ alg: ES256 } without `crit` or
// `b64`) is checked with node:crypto's synchronous verify, which costs about half of Web Crypto's
// trip through the thread pool (bench:tickets). Any other header goes to jose, so both paths
// accept exactly the same tokens.
import { compactVerify, importJWK, type JWK } from 'jose';

const ALGORITHM = 'ES256';
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** What this module uses of node:crypto, typed here so that the browser's build needs no Node types. */
type NodeVerify = {
  createPublicKey(options: { key: Record<string, string>; format: 'jwk' }): object;
  verify(
    algorithm: string,
    data: Uint8Array,
    key: { key: object; dsaEncoding: 'ieee-p1363' },
    signature: Uint8Array,
  ): boolean;
};

// Asked of the running process, never imported: a bundler sees no Node module here.
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeVerify | undefined;

/** Whether checks run on the calling thread (Node), rather than waiting on Web Crypto's. */
export const checksOnCallingThread = nodeCrypto !== undefined;

/** base64url as jose reads it where the platform has no Uint8Array.fromBase64 (atob). */
export function base64UrlBytes(text: string): Uint8Array {
  // As jose reads it: base64's own `+` and `/` are no base64url.
  if (text.includes('+') || text.includes('/')) throw new TypeError('Invalid base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

type PublicKey = Awaited<ReturnType<typeof importJWK>> | object;
// Imported keys are kept: importing costs more than verifying.
const KEY_CACHE_MAX = 512;
const keyCache = new Map<string, Promise<PublicKey>>();
function publicKeyOf(jwk: JWK, forNode: boolean): Promise<PublicKey> {
  const id = `${forNode ? 'node' : 'web'}.${jwk.x}.${jwk.y}`;
  let key = keyCache.get(id);
  if (!key) {
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
    const point = { kty: 'EC', crv: 'P-256', x: String(jwk.x), y: String(jwk.y) };
    key =
      forNode && nodeCrypto
        ? Promise.resolve().then(() => nodeCrypto.createPublicKey({ key: point, format: 'jwk' }))
        : importJWK(point, ALGORITHM);
    key.catch(() => keyCache.delete(id));
    keyCache.set(id, key);
  }
  return key;
}

/** A header Node may check: a plain object without the parameters that change what is signed. */
function isPlainHeader(header: unknown): header is Record<string, unknown> {
  return (
    typeof header === 'object' &&
    header !== null &&
    !Array.isArray(header) &&
    !('crit' in header) &&
    !('b64' in header)
  );
}

/** The payload of a compact JWS whose ES256 signature by `jwk` holds; throws otherwise. */
export async function verifyCompactEs256(jws: string, jwk: JWK): Promise<Uint8Array> {
  const [head = '', body = '', signature = '', ...rest] = jws.split('.');
  if (nodeCrypto && rest.length === 0) {
    const header: unknown = JSON.parse(decoder.decode(base64UrlBytes(head)));
    if (isPlainHeader(header)) {
      if (header.alg !== ALGORITHM) throw new Error('not an ES256 signature');
      const key = (await publicKeyOf(jwk, true)) as object;
      const signed = encoder.encode(`${head}.${body}`);
      const bytes = base64UrlBytes(signature);
      if (!nodeCrypto.verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, bytes))
        throw new Error('signature verification failed');
      return base64UrlBytes(body);
    }
  }
  const key = (await publicKeyOf(jwk, false)) as Awaited<ReturnType<typeof importJWK>>;
  return (await compactVerify(jws, key, { algorithms: [ALGORITHM] })).payload;
}
