// What a contract's documents (the attestation, a printed ticket, the sticker) are drawn from: plain
// facts, read by the tickets capability from the contract, its order line and the network's files.

import type { Locale } from '@transit-shop/sdk/locales';
import type { FareValidityKind } from '@transit-shop/sdk/tickets/fare-product';

export type ContractFacts = {
  /** The contract's public id (the code's `tid`, the sticker id). */
  readonly publicId: string;
  readonly productId: number;
  /** The fare product's name in `lang`. */
  readonly productName: string;
  readonly kind: FareValidityKind;
  /** Who bought (the account holder or the guest), as the order recorded them. */
  readonly holderName: string;
  /** Who travels on it. */
  readonly travellerName: string;
  /** The travel window known (a pass's period, the latest activation); null until activated. */
  readonly validFrom: Date | null;
  readonly validTo: Date | null;
  /** Until when an activated kind may be activated. */
  readonly usableUntil: Date | null;
  readonly journeysTotal: number | null;
  readonly journeysLeft: number | null;
  /** What the buyer paid for this contract: its line's total divided among the line's contracts. */
  readonly amountPaid: number;
  readonly currency: string;
  /** The order's number (its id, as the invoices show it) and its invoice number, if any. */
  readonly orderNumber: string;
  readonly invoiceNumber: string | null;
  readonly issuedAt: Date;
  /** The code a printed ticket carries: the signed ticket without a device key (`prn: true`). */
  readonly printedCode: string;
  readonly lang: Locale;
};
