// Request signatures: hex HMAC-SHA1 of the canonical string with the network's shared key. Web
// Crypto, so the browser and the services run the same code.
import { canonicalString } from './canonical-string.ts';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, [
      'sign',
    ]);
    keys.set(secret, key);
  }
  return key;
}

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Hex HMAC-SHA1 of a text. */
export async function hmacSha1Hex(text: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await importKey(secret), encoder.encode(text));
  return toHex(signature);
}

/** The signature of a payload (the signature field itself, if present, is left out). */
export function signPayload(payload: Readonly<Record<string, unknown>>, secret: string): Promise<string> {
  return hmacSha1Hex(canonicalString(payload), secret);
}

/** Compares two texts in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether `signature` is the payload's signature with this key (case-insensitive hex). */
export async function verifySignature(
  payload: Readonly<Record<string, unknown>>,
  signature: string,
  secret: string,
): Promise<boolean> {
  const expected = await signPayload(payload, secret);
  return constantTimeEqual(expected, signature.toLowerCase());
}
