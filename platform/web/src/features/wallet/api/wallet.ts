// The wallet's calls (decision 0030): the tickets (kept for offline use), a guest order's tickets,
// activation, the attestation PDF, the move of a ticket to this phone and of a card contract to
// another of the customer's cards.
import {
  contractAttestationCall,
  guestTicketsCall,
  punchGuestTicketCall,
  punchTicketCall,
  transferContractCall,
  type WalletTicket,
  walletTicketsCall,
} from '@transit-shop/sdk/contract/wallet';
import { TicketApiError } from '@transit-shop/sdk/errors/client-errors';
import type { Locale } from '@transit-shop/sdk/locales';
import type { TicketClient } from '../../../lib/api-client.ts';
import { type KeptTickets, keepTickets, keptTickets, type WalletHolder } from '../../../lib/kept-tickets.ts';
import { deviceKey } from '../lib/device-key.ts';
import { keptAnswerAt } from '../lib/kept-at.ts';

type Client = Pick<TicketClient, 'call'>;

/** What the wallet shows: the tickets, when they were synchronised, and whether from the device. */
export type WalletView = KeptTickets & { readonly offline: boolean };

/** A refusal the backend itself gave (a 4xx answer), as opposed to no answer or a failing server. */
function isRefusal(error: unknown): boolean {
  return error instanceof TicketApiError && error.httpStatus >= 400 && error.httpStatus < 500;
}

/**
 * The holder's tickets from the backend, kept on the device; when the backend cannot be reached
 * (or fails), the ones kept last time. The backend's refusals are not hidden.
 */
export async function loadWallet(
  client: Client,
  holder: WalletHolder,
  lang: Locale,
  timeZone: string,
): Promise<WalletView> {
  const { publicJwk } = await deviceKey();
  try {
    const answer =
      holder.kind === 'user'
        ? await client.call(walletTicketsCall, { deviceKey: publicJwk, lang })
        : await client.call(guestTicketsCall, { reference: holder.reference, deviceKey: publicJwk, lang });
    await keepTickets(holder, answer);
    return { ...answer, offline: false };
  } catch (error) {
    if (isRefusal(error)) throw error;
    const kept = await keptWallet(holder, timeZone);
    if (!kept) throw error;
    return kept;
  }
}

/** The copy kept on the device, read at the device's clock; null when none was kept. */
export async function keptWallet(holder: WalletHolder, timeZone: string): Promise<WalletView | null> {
  const kept = await keptTickets(holder);
  return kept ? { ...keptAnswerAt(kept, new Date(), timeZone), offline: true } : null;
}

/** Activates a journey (or a first-use ticket); the same activationId again answers the same activation. */
export async function activateTicket(
  client: Client,
  holder: WalletHolder,
  ticket: Pick<WalletTicket, 'id'>,
  activationId: string,
  lang: Locale,
): Promise<WalletTicket> {
  const { publicJwk } = await deviceKey();
  const request = { ticketId: ticket.id, activationId, deviceKey: publicJwk, lang };
  const answer =
    holder.kind === 'user'
      ? await client.call(punchTicketCall, request)
      : await client.call(punchGuestTicketCall, { ...request, reference: holder.reference });
  return answer.ticket;
}

/** Moves a ticket held by another phone to this one. */
export async function moveTicketHere(
  client: Client,
  ticket: Pick<WalletTicket, 'id'>,
  lang: Locale,
): Promise<WalletTicket> {
  const { publicJwk } = await deviceKey();
  const answer = await client.call(transferContractCall, {
    ticketId: ticket.id,
    target: 'DEVICE',
    deviceKey: publicJwk,
    lang,
  });
  return answer.ticket;
}

/**
 * Moves a contract on a card to another of the customer's cards, where it waits for that card's
 * next validation. Refused with TRANSFER_NOT_ALLOWED when that card cannot receive it.
 */
export async function moveTicketToCard(
  client: Client,
  ticket: Pick<WalletTicket, 'id'>,
  mediaId: number,
  lang: Locale,
): Promise<WalletTicket> {
  const answer = await client.call(transferContractCall, {
    ticketId: ticket.id,
    target: 'MEDIA',
    mediaId,
    lang,
  });
  return answer.ticket;
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The ticket's attestation PDF, saved by the browser (as invoices are). */
export async function downloadAttestation(
  client: Client,
  ticket: Pick<WalletTicket, 'id'>,
  lang: Locale,
): Promise<void> {
  const file = await client.call(contractAttestationCall, { ticketId: ticket.id, lang });
  const url = URL.createObjectURL(new Blob([bytesOf(file.contentBase64)], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Left a moment so the browser has read the file before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
