// The cards a contract on a card may move to, as wallet/transferContract accepts them (decision
// 0032): another of the account's cards that is the contract's traveller's (the holder's own card
// for the holder's contracts, a card paired with a profile for that profile's) and takes contracts
// now (not expired, ACTIVE in the ticketing system or a new card on its way: decision 0037).
import type { Medium } from '@transit-shop/sdk/contract/media';
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { isTravellersCard, takesContractsNow } from '@transit-shop/sdk/media/card-for-traveller';

export function receivingCardsOf(
  medias: readonly Medium[],
  ticket: Pick<WalletTicket, 'place' | 'traveller'>,
  /** The signed-in customer whose cards these are: the ticket is the holder's when it is theirs. */
  userId: number,
): Medium[] {
  const current = ticket.place.delivery === 'CARD' ? ticket.place.mediaId : null;
  const traveller = { id: ticket.traveller.userId, holder: ticket.traveller.userId === userId };
  return medias.filter(
    (media) => media.id !== current && isTravellersCard(media, traveller) && takesContractsNow(media),
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
