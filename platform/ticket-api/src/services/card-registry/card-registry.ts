// The card registry port (decision 0032): the only thing the ticket API knows of a network's
// transport cards, which live in the network's ticketing system. The default adapter
// (demo-card-registry.ts) reads the network's tenants/<slug>/cards.json and keeps what the shop
// changed in the database; a real network writes an adapter of this port that calls its ticketing
// system, and hands it to the app as AppDeps.cards (main.ts).
import type { CardStatus, IncidentKind } from '@transit-shop/sdk/contract/media';
import type { Database } from '../../db/database.ts';

/** A card as the registry knows it. */
export type RegistryCardRecord = {
  /** Digits only. */
  number: string;
  /** The ticketing system that issued it. */
  providerId: string;
  /** YYYY-MM-DD. */
  holderBirthDate: string;
  /** The card's last valid day, YYYY-MM-DD. */
  expiresOn: string;
  /**
   * ACTIVE, EXPIRED, INCIDENT, BLOCKED, or a status the shop does not know (MEDIA_UNKNOWN_DATA);
   * null when the registry gives none (MEDIA_STATUS_EMPTY).
   */
  status: CardStatus | (string & {}) | null;
  /** The incident reported on it, once one was. */
  incident: { kind: IncidentKind; reportedAt: Date } | null;
  /**
   * The code printed on the card, which proves holding it where the network hides the birth date
   * (decision 0036); null for a card without one. An adapter whose ticketing system checks the code
   * itself can answer it for the card asked about only.
   */
  printedCode: string | null;
};

/** A contract the card's validations loaded. */
export type CardLoading = { ticketId: number; loadedAt: Date };

/** A contract a card's validation loaded, with the card's number. */
export type CardLoadingOf = CardLoading & { number: string };

export type CardRegistry = {
  /** The ticketing system whose cards the network's shop lists (MEDIA-01). */
  providerOf(networkId: number): Promise<string>;
  /** The card of that number on the network, or null when the registry does not know it. */
  findCard(networkId: number, number: string): Promise<RegistryCardRecord | null>;
  /** Blocks the card for an incident (MEDIA-06); reporting it again keeps the first report. */
  reportIncident(networkId: number, number: string, kind: IncidentKind, at: Date): Promise<void>;
  /** A new card bought in the shop, for the holder born that day, valid to that day. */
  issueCard(
    networkId: number,
    card: { holderBirthDate: string; expiresOn: string },
    at: Date,
  ): Promise<RegistryCardRecord>;
  /** The contracts the card's validations loaded so far. */
  loadingsOf(networkId: number, number: string): Promise<CardLoading[]>;
  /** The contracts those cards' validations loaded, in one call (a list of contracts). */
  loadingsOfCards(networkId: number, numbers: readonly string[]): Promise<CardLoadingOf[]>;
  /**
   * The same registry acting within the caller's transaction, for an adapter that keeps its changes
   * in the shop's database (the demo): a card issued with a completing order is kept or rolled back
   * with it. An adapter over a ticketing system leaves it out.
   */
  inTransaction?(db: Database): CardRegistry;
};

/** Thrown by an adapter when the ticketing system fails or does not answer: MEDIA_ERROR. */
export class CardRegistryError extends Error {
  override name = 'CardRegistryError';
}
