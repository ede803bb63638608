// Ticket signing (decision 0030): the port the wallet signs tokens through, and its adapter over
// ticket_signing_keys. Each network's newest unretired key signs and every unretired one is
// published; a network without a key gets one on first need. A network with a key service plugs
// in its own TicketSigner.
import {
  signTicketToken,
  TICKET_ALGORITHM,
  type TicketClaims,
  type TicketKeySet,
} from '@transit-shop/sdk/tickets/ticket-token';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type TicketSigningKeyRow, ticketSigningKeys } from '../../db/schema/tickets.ts';

export type TicketSigner = {
  /** The compact JWS of the claims, by the network's newest key. */
  sign(networkId: number, claims: TicketClaims): Promise<string>;
  /** The network's unretired public keys, as a JWKS. */
  publishedKeys(networkId: number): Promise<TicketKeySet>;
};

/** How long imported keys are kept before the table is read again (a rotation shows within it). */
export const SIGNER_CACHE_MS = 60_000;

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

/** Retires a key: it no longer signs nor is published. Answers whether an unretired key was retired. */
export async function retireTicketKey(db: Database, kid: string, now: Date): Promise<boolean> {
  const retired = await db
    .update(ticketSigningKeys)
    .set({ retiredAt: now })
    .where(and(eq(ticketSigningKeys.kid, kid), isNull(ticketSigningKeys.retiredAt)))
    .returning({ id: ticketSigningKeys.id });
  return retired.length > 0;
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
    if (rows.length === 0) rows = [await rotateTicketKey(db, networkId, clock.now())];
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

  async function keysOf(networkId: number): Promise<NetworkKeys> {
    const cached = cache.get(networkId);
    if (cached) {
      const keys = await cached.catch(() => null);
      if (keys && clock.now().getTime() - keys.loadedAt < SIGNER_CACHE_MS) return keys;
    }
    const loading = load(networkId);
    cache.set(networkId, loading);
    loading.catch(() => cache.delete(networkId));
    return loading;
  }

  return {
    async sign(networkId, claims) {
      return signTicketToken(claims, (await keysOf(networkId)).signing);
    },
    async publishedKeys(networkId) {
      return (await keysOf(networkId)).published;
    },
  };
}
