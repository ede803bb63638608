// Vignette/decode, the online check (decision 0030): the offline verdict with the network's
// published keys, then the stored contract: unknown on this network, stale after a transfer
// (another generation), or cancelled.
import type { vignetteDecodeCall } from '@transit-shop/sdk/contract/wallet';
import type { Locale } from '@transit-shop/sdk/locales';
import { type TicketClaims, verifyTicketCode } from '@transit-shop/sdk/tickets/ticket-token';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, sql } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { builtOnce } from '../../hot-path/built-once.ts';
import { fareNameOf } from './contract-name.ts';
import type { TicketSigner } from './ticket-signer.ts';

/** The stored generation and status of a code's contract: every online check reads it. */
const storedTicket = builtOnce('decoded-ticket', (db) =>
  db
    .select({ generation: tickets.generation, status: tickets.status })
    .from(tickets)
    .where(
      and(
        eq(tickets.publicId, sql.placeholder('publicId')),
        eq(tickets.networkId, sql.placeholder('networkId')),
      ),
    )
    .limit(1),
);

type DecodeAnswer = z.input<typeof vignetteDecodeCall.response>;

/** Refusals where the signature was not checked or did not hold: nothing of the ticket is told. */
const UNSIGNED = new Set(['MALFORMED', 'UNKNOWN_KEY', 'BAD_SIGNATURE']);

/** The key id in the code's signed token header, unverified: only which keys to look in. */
function keyIdOf(code: string): string | null {
  try {
    const { kid } = decodeProtectedHeader(code.split('~')[0] ?? '');
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

function decodedTicket(claims: TicketClaims, network: LoadedNetwork, lang: Locale) {
  const at = (seconds: number | null) =>
    seconds === null ? null : networkInstantText(seconds * 1000, network.network.config.timeZone);
  return {
    productId: claims.pid,
    productName: fareNameOf(network, claims.pid, lang, network.network.config.defaultLanguage),
    traveller: claims.trv,
    validFrom: at(claims.from),
    validTo: at(claims.to),
    journeysLeft: claims.jrn,
    printed: claims.prn === true,
  };
}

export async function decodeTicketCode(options: {
  db: Database;
  network: LoadedNetwork;
  signer: TicketSigner;
  code: string;
  lang: Locale | undefined;
  now: Date;
}): Promise<DecodeAnswer> {
  const { db, network, now } = options;
  const networkId = network.network.config.id;
  const lang = options.lang ?? network.network.config.defaultLanguage;
  const checkedAt = networkInstantText(now, network.network.config.timeZone);
  const verdict = await verifyTicketCode(options.code, {
    // A key another instance made since this one read them is looked for once more.
    keys: await options.signer.publishedKeys(networkId, { kid: keyIdOf(options.code) }),
    now,
    network: networkId,
  });
  if (!verdict.valid) {
    const shown =
      verdict.claims && !UNSIGNED.has(verdict.reason) ? decodedTicket(verdict.claims, network, lang) : null;
    return { valid: false, reason: verdict.reason, ticket: shown, checkedAt };
  }
  const ticket = decodedTicket(verdict.claims, network, lang);
  const [stored] = await storedTicket(db, { publicId: verdict.claims.tid, networkId });
  const refuse = (reason: 'NOT_FOUND' | 'SUPERSEDED' | 'CANCELED') => ({
    valid: false,
    reason,
    ticket,
    checkedAt,
  });
  if (!stored) return refuse('NOT_FOUND');
  if (stored.generation !== verdict.claims.gen) return refuse('SUPERSEDED');
  if (stored.status === 'CANCELED') return refuse('CANCELED');
  return { valid: true, reason: null, ticket, checkedAt };
}
