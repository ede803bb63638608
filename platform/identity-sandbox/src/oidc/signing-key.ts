// The key an issuer signs its ID tokens with: RSA, made at start and kept in memory only, so a
// restart changes it (relying parties fetch the JWKS again on an unknown key id).
import { generateKeyPair, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';

const generate = promisify(generateKeyPair);

export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generate('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}
