// Which of an account's cards may carry a traveller's contract (decision 0032). The product page
// offers only these, and the ticket API refuses any other at checkout: one rule for both.
//
// A card is personal: its holder's name and birth date are on it, and a reduced fare follows the
// person who travels. A card paired with nobody is the account holder's own; a profile's contract
// goes only on a card paired with that profile.
import { type CardStatus, receivesContracts } from '../contract/media.ts';

/** The traveller an order line is for: the account's holder, or one of the holder's profiles. */
export type CardTraveller = { readonly id: number; readonly holder: boolean };

/** Whether the card is the traveller's: paired with them, or with nobody when they hold the account. */
export function isTravellersCard(
  card: { readonly profileId: number | null },
  traveller: CardTraveller,
): boolean {
  return card.profileId === null ? traveller.holder : card.profileId === traveller.id;
}

/**
 * Whether the card takes a contract now: not past its last valid day (its state), no incident
 * reported, and ACTIVE or ORDERED in the ticketing system (a new card's contracts wait for its first
 * validation, decision 0037).
 */
export function takesContractsNow(card: {
  readonly state: 'ACTIVE' | 'EXPIRED';
  readonly status: CardStatus | null;
  readonly incident: unknown;
}): boolean {
  return card.state === 'ACTIVE' && card.incident === null && receivesContracts(card);
}
