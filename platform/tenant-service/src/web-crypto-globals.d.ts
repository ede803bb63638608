// Node 20 has Web Crypto's CryptoKey as a global at run time, but @types/node 20 does not declare
// it; the sdk's signing code and the identity keys name it.
import type { webcrypto } from 'node:crypto';

declare global {
  type CryptoKey = webcrypto.CryptoKey;
  var CryptoKey: { prototype: webcrypto.CryptoKey; new (): webcrypto.CryptoKey };
}
