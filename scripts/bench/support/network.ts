// A demo network as the ticket API benchmarks use it: its file under tenants/, and call bodies
// signed with its key the way the sdk signs them.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalString, SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { type NetworkFile, networkFileSchema } from '@transit-shop/tenancy';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** tenants/<slug>/network.json, checked against its schema. */
export async function readDemoNetwork(slug: string): Promise<NetworkFile> {
  return networkFileSchema.parse(
    JSON.parse(await readFile(join(root, 'tenants', slug, 'network.json'), 'utf8')),
  );
}

/**
 * The body of a call signed like the sdk signs it (HMAC-SHA1 of the canonical string with the
 * network's key), with node:crypto because autocannon's setupRequest cannot wait for Web Crypto.
 */
export function signedBody(
  network: Pick<NetworkFile, 'signingKey'>,
  payload: Record<string, unknown>,
): string {
  const signature = createHmac('sha1', network.signingKey).update(canonicalString(payload)).digest('hex');
  return JSON.stringify({ ...payload, [SIGNATURE_FIELD]: signature });
}
