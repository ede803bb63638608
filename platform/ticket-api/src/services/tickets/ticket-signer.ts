// Ticket signing (decision 0030): the port the wallet signs tokens through, and its adapter over
// ticket_signing_keys. Each network's newest unretired key signs and every unretired one is
// published; a network without a key gets one on first need, made once however many instances ask
// at the same time. A network with a key service plugs in its own TicketSigner.
import {
  signTicketToken,
  TICKET_ALGORITHM,
  type TicketClaims,
  type TicketKeySet,
} from '@transit-shop/sdk/tickets/ticket-token';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type TicketSigningKeyRow, ticketSigningKeys } from '../../db/schema/tickets.ts';

export type TicketSigner = {
  /** The compact JWS of the claims, by the network's newest key. */
  sign(networkId: number, claims: TicketClaims): Promise<string>;
  /**
   * The network's unretired public keys, as a JWKS. Given the `kid` a code names, keys read before
   * that key was made are read again once (another instance may already sign with it).
   */
  publishedKeys(networkId: number, options?: { readonly kid?: string | null }): Promise<TicketKeySet>;
};

/** How long imported keys are kept before the table is read again (a rotation shows within it). */
export const SIGNER_CACHE_MS = 60_000;

/** The least time between two reads caused by unknown key ids (a flood of forged codes reads once). */
export const UNKNOWN_KID_RELOAD_MS = 1_000;

/** The advisory lock class serialising the making of a network's first key (its network id the object). */
const FIRST_KEY_LOCK = 7_314_201;

type NetworkKeys = {
  signing: { kid: string; privateKey: Parameters<typeof signTicketToken>[1]['privateKey'] };
  published: TicketKeySet;
  loadedAt: number;
};

/** A new ES256 key for the network, its kid the RFC 7638 thumbprint of its public key. */
export async function rotateTicketKey(
  db: Database,
  networkId: number,
  now: Date,
): Promise<TicketSigningKeyRow> {
  const { privateKey, publicKey } = await generateKeyPair(TICKET_ALGORITHM, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const { kty, crv, x, y } = await exportJWK(publicKey);
  if (kty !== 'EC' || crv !== 'P-256' || !x || !y) throw new Error('jose made a key that is not P-256');
  const publicJwk = { kty: 'EC', crv, x, y } as const;
  const kid = await calculateJwkThumbprint(publicJwk);
  const [row] = await db
    .insert(ticketSigningKeys)
    .values({
      networkId,
      kid,
      privateJwk: privateJwk as Record<string, string>,
      publicJwk,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('the ticket key was not stored');
  return row;
}

/** What retiring a key id on a network did. */
export type KeyRetirement = 'RETIRED' | 'ALREADY_RETIRED' | 'OTHER_NETWORK' | 'UNKNOWN';

/**
 * Retires one of the network's keys: it no longer signs nor is published. A key of another network
 * is left as it is (`OTHER_NETWORK`).
 */
export async function retireTicketKey(
  db: Database,
  key: { readonly networkId: number; readonly kid: string },
  now: Date,
): Promise<KeyRetirement> {
  const { networkId, kid } = key;
  const retired = await db
    .update(ticketSigningKeys)
    .set({ retiredAt: now })
    .where(
      and(
        eq(ticketSigningKeys.kid, kid),
        eq(ticketSigningKeys.networkId, networkId),
        isNull(ticketSigningKeys.retiredAt),
      ),
    )
    .returning({ id: ticketSigningKeys.id });
  if (retired.length > 0) return 'RETIRED';
  const [found] = await db
    .select({ networkId: ticketSigningKeys.networkId })
    .from(ticketSigningKeys)
    .where(eq(ticketSigningKeys.kid, kid));
  if (!found) return 'UNKNOWN';
  return found.networkId === networkId ? 'ALREADY_RETIRED' : 'OTHER_NETWORK';
}

/**
 * The network's unretired keys, newest first; when it has none, one made for it. Instances asking
 * at once queue on a transaction-scoped advisory lock: the first makes the key, the others read it.
 */
export function liveOrFirstTicketKeys(
  db: Database,
  networkId: number,
  now: Date,
): Promise<TicketSigningKeyRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK}, ${networkId})`);
    const live = await liveTicketKeys(tx, networkId);
    if (live.length > 0) return live;
    await rotateTicketKey(tx, networkId, now);
    return liveTicketKeys(tx, networkId);
  });
}

/** The network's unretired keys, newest first. */
export function liveTicketKeys(db: Database, networkId: number): Promise<TicketSigningKeyRow[]> {
  return db
    .select()
    .from(ticketSigningKeys)
    .where(and(eq(ticketSigningKeys.networkId, networkId), isNull(ticketSigningKeys.retiredAt)))
    .orderBy(desc(ticketSigningKeys.createdAt), desc(ticketSigningKeys.id));
}

export function createDatabaseTicketSigner(options: { db: Database; clock: Clock }): TicketSigner {
  const { db, clock } = options;
  const cache = new Map<number, Promise<NetworkKeys>>();

  async function load(networkId: number): Promise<NetworkKeys> {
    let rows = await liveTicketKeys(db, networkId);
    if (rows.length === 0) rows = await liveOrFirstTicketKeys(db, networkId, clock.now());
    const [newest] = rows;
    if (!newest) throw new Error('no ticket key');
    const privateKey = await importJWK({ ...newest.privateJwk, alg: TICKET_ALGORITHM }, TICKET_ALGORITHM);
    return {
      signing: { kid: newest.kid, privateKey: privateKey as NetworkKeys['signing']['privateKey'] },
      published: {
        keys: rows.map((row) => ({ ...row.publicJwk, kid: row.kid, alg: TICKET_ALGORITHM, use: 'sig' })),
      },
      loadedAt: clock.now().getTime(),
    };
  }

  function reload(networkId: number): Promise<NetworkKeys> {
    const loading = load(networkId);
    cache.set(networkId, loading);
    loading.catch(() => cache.delete(networkId));
    return loading;
  }

  async function keysOf(networkId: number): Promise<NetworkKeys> {
    const cached = cache.get(networkId);
    if (cached) {
      const keys = await cached.catch(() => null);
      if (keys && clock.now().getTime() - keys.loadedAt < SIGNER_CACHE_MS) return keys;
    }
    return reload(networkId);
  }

  const publishes = (keys: NetworkKeys, kid: string) => keys.published.keys.some((key) => key.kid === kid);

  return {
    async sign(networkId, claims) {
      return signTicketToken(claims, (await keysOf(networkId)).signing);
    },
    async publishedKeys(networkId, options = {}) {
      const keys = await keysOf(networkId);
      const { kid } = options;
      if (!kid || publishes(keys, kid)) return keys.published;
      // A key id this instance does not know: read the table again, unless it was just read or
      // another call is reading it already.
      if (clock.now().getTime() - keys.loadedAt < UNKNOWN_KID_RELOAD_MS) return keys.published;
      const current = await cache.get(networkId)?.catch(() => null);
      if (current && current !== keys) return current.published;
      return (await reload(networkId)).published;
    },
  };
}
