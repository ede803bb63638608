// A demo network as the ticket API benchmarks use it: its file under tenants/, call bodies and GET
// queries signed with its key the way the sdk signs them, and the start dates a cart's passes take.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toSearchParams } from '@transit-shop/sdk/client/encode-payload';
import { canonicalString, SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { ceilToQuarterHour, wallClockOf } from '@transit-shop/sdk/time/network-clock';
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
  return JSON.stringify(signedPayload(network, payload));
}

/** The query of a GET call signed like the sdk signs it, with its leading '?'. */
export function signedQuery(
  network: Pick<NetworkFile, 'signingKey'>,
  payload: Record<string, unknown>,
): string {
  return `?${toSearchParams(signedPayload(network, payload))}`;
}

function signedPayload(
  network: Pick<NetworkFile, 'signingKey'>,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const signature = createHmac('sha1', network.signingKey).update(canonicalString(payload)).digest('hex');
  return { ...payload, [SIGNATURE_FIELD]: signature };
}

/**
 * The next 15-minute slot at least a minute away, as a product page sends it: its day and time on
 * the network's clock (decision 0038). A pass that starts there is never in the past.
 */
export function nextSlot(
  network: Pick<NetworkFile, 'timeZone'>,
  now = Date.now(),
): { startDate: string; startTime: string } {
  const clock = wallClockOf(ceilToQuarterHour(now + 60_000, network.timeZone), network.timeZone);
  return { startDate: clock.date, startTime: clock.time };
}

/** Today's month and the next 15-minute slot, in the network's time zone. */
export function startsNow(network: Pick<NetworkFile, 'timeZone'>): {
  month: string;
  slot: { startDate: string; startTime: string };
} {
  const now = Date.now();
  return { month: wallClockOf(now, network.timeZone).date.slice(0, 7), slot: nextSlot(network, now) };
}
