// The ES256 key that signs id tokens and custom tokens. IDENTITY_PRIVATE_KEY when set; otherwise a
// key pair generated once and kept in the database, so every replica signs and verifies alike.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { identitySigningKeys } from '../../db/schema/identity.ts';

export const IDENTITY_KEY_ALGORITHM = 'ES256';

export type IdentityKeys = {
  /** The `kid` written in every token's header. */
  keyId: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public key as a JWK, for whoever verifies tokens elsewhere. */
  publicJwk: JWK;
};

async function fromJwks(privateJwk: JWK, publicJwk: JWK, keyId: string): Promise<IdentityKeys> {
  const [privateKey, publicKey] = await Promise.all([
    importJWK(privateJwk, IDENTITY_KEY_ALGORITHM),
    importJWK(publicJwk, IDENTITY_KEY_ALGORITHM),
  ]);
  if (!(privateKey instanceof CryptoKey) || !(publicKey instanceof CryptoKey)) {
    throw new Error('the identity key is not an EC key');
  }
  return {
    keyId,
    privateKey,
    publicKey,
    publicJwk: { ...publicJwk, kid: keyId, alg: IDENTITY_KEY_ALGORITHM },
  };
}

/** Reads a PKCS #8 PEM P-256 private key (IDENTITY_PRIVATE_KEY). */
export async function identityKeysFromPem(pem: string): Promise<IdentityKeys> {
  const privateKeyObject = createPrivateKey(pem);
  if (
    privateKeyObject.asymmetricKeyType !== 'ec' ||
    privateKeyObject.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
  ) {
    throw new Error('IDENTITY_PRIVATE_KEY must be a P-256 (ES256) private key');
  }
  const privateJwk = privateKeyObject.export({ format: 'jwk' }) as JWK;
  const publicJwk = createPublicKey(privateKeyObject).export({ format: 'jwk' }) as JWK;
  return fromJwks(privateJwk, publicJwk, await calculateJwkThumbprint(publicJwk));
}

/** The database's signing key, made on first use; replicas starting together keep the first one stored. */
export async function loadStoredIdentityKeys(options: { db: Database; clock: Clock }): Promise<IdentityKeys> {
  const { db } = options;
  const current = async () => {
    const [row] = await db
      .select()
      .from(identitySigningKeys)
      .where(isNull(identitySigningKeys.retiredAt))
      .limit(1);
    return row;
  };
  let row = await current();
  if (!row) {
    const pair = await generateKeyPair(IDENTITY_KEY_ALGORITHM, { extractable: true });
    const privateJwk = await exportJWK(pair.privateKey);
    const publicJwk = await exportJWK(pair.publicKey);
    await db
      .insert(identitySigningKeys)
      .values({
        id: await calculateJwkThumbprint(publicJwk),
        algorithm: IDENTITY_KEY_ALGORITHM,
        privateJwk,
        publicJwk,
        createdAt: options.clock.now(),
      })
      .onConflictDoNothing();
    row = await current();
    if (!row) throw new Error('the identity signing key was not stored');
  }
  return fromJwks(row.privateJwk as JWK, row.publicJwk as JWK, row.id);
}

export function loadIdentityKeys(options: {
  db: Database;
  clock: Clock;
  privateKeyPem: string | undefined;
}): Promise<IdentityKeys> {
  return options.privateKeyPem ? identityKeysFromPem(options.privateKeyPem) : loadStoredIdentityKeys(options);
}
