// The cards a contract on a card may move to, as wallet/transferContract accepts them (decision
// 0032): another of the account's cards, the holder's own or paired with the contract's traveller,
// usable now (not expired, ACTIVE in the ticketing system or a new card on its way: decision 0037).
import { type Medium, receivesContracts } from '@transit-shop/sdk/contract/media';
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';

export function receivingCardsOf(
  medias: readonly Medium[],
  ticket: Pick<WalletTicket, 'place' | 'traveller'>,
): Medium[] {
  const current = ticket.place.delivery === 'CARD' ? ticket.place.mediaId : null;
  return medias.filter(
    (media) =>
      media.id !== current &&
      (media.profileId === null || media.profileId === ticket.traveller.userId) &&
      media.state === 'ACTIVE' &&
      receivesContracts(media),
  );
}

/** A contract on a card that may move: on a known card, waiting or loaded, and not over. */
export function isMovableToCard(ticket: Pick<WalletTicket, 'place' | 'status' | 'phase'>): boolean {
  return (
    ticket.place.delivery === 'CARD' &&
    ticket.place.mediaId !== null &&
    (ticket.status === 'TO_LOAD' || ticket.status === 'LOADED') &&
    ticket.phase !== 'PAST'
  );
}
