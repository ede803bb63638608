// The wallet's device key (decision 0030): an ECDSA P-256 pair made by the browser, its private
// key never extractable, kept in IndexedDB so the same phone keeps holding its tickets. Its public
// JWK goes with the wallet's calls; the private key signs the device proof of each code shown.
import type { EcPublicJwk } from '@transit-shop/sdk/tickets/ticket-token';
import { createStore, get, set, type UseStore } from 'idb-keyval';

export type DeviceKey = { readonly privateKey: CryptoKey; readonly publicJwk: EcPublicJwk };

const KEY_NAME = 'device-key';
const ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };

let store: UseStore | null = null;
function keyStore(): UseStore {
  store ??= createStore('transit-shop-device', 'keys');
  return store;
}

async function publicJwkOf(publicKey: CryptoKey): Promise<EcPublicJwk> {
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', publicKey);
  if (kty !== 'EC' || crv !== 'P-256' || !x || !y) throw new Error('unexpected device key');
  return { kty, crv, x, y };
}

async function loadOrCreate(): Promise<DeviceKey> {
  let pair: CryptoKeyPair | undefined;
  try {
    pair = await get<CryptoKeyPair>(KEY_NAME, keyStore());
  } catch {
    // No IndexedDB (a private window may refuse it): a key for this visit only.
  }
  if (!pair) {
    pair = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
    try {
      await set(KEY_NAME, pair, keyStore());
    } catch {
      // Kept for this visit only.
    }
  }
  return { privateKey: pair.privateKey, publicJwk: await publicJwkOf(pair.publicKey) };
}

let pending: Promise<DeviceKey> | null = null;

/** This browser's device key, made on first need (one at a time, even when asked twice at once). */
export function deviceKey(): Promise<DeviceKey> {
  pending ??= loadOrCreate().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Forgets the key held in memory (tests; the one in IndexedDB stays). */
export function forgetDeviceKeyInMemory(): void {
  pending = null;
  store = null;
}
