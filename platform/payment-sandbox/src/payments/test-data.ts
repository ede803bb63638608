// The test cards and IBANs of decision 0018 and what each one does.
import type { RefusalReason } from '../protocol/schemas.ts';
import type { SettlementOutcome } from '../store/sandbox-store.ts';

export type CardBehaviour =
  /** chargeRefusal: why later charges on the saved card are refused; null: they succeed. */
  | { kind: 'succeeds'; chargeRefusal: RefusalReason | null }
  | { kind: 'refused'; reason: RefusalReason }
  | { kind: 'challenge' };

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
  declinesLaterCharges: '4000000000000341',
  laterChargesInsufficientFunds: '4000000000009995',
} as const;

/** The code that approves the authentication challenge. */
export const CHALLENGE_CODE = '123456';

export function cardBehaviour(number: string): CardBehaviour {
  switch (number) {
    case TEST_CARDS.succeeds:
      return { kind: 'succeeds', chargeRefusal: null };
    case TEST_CARDS.declinesLaterCharges:
      return { kind: 'succeeds', chargeRefusal: 'card_declined' };
    case TEST_CARDS.laterChargesInsufficientFunds:
      return { kind: 'succeeds', chargeRefusal: 'insufficient_funds' };
    case TEST_CARDS.declined:
      return { kind: 'refused', reason: 'card_declined' };
    case TEST_CARDS.challenge:
      return { kind: 'challenge' };
    default:
      return { kind: 'refused', reason: 'card_not_supported' };
  }
}

export const TEST_IBANS = {
  settles: ['FR7630006000011234567890189', 'DE89370400440532013000'],
  insufficientFunds: 'FR1420041010050500013M02606',
  laterDebitsMandateRevoked: 'DE13500105175407324228',
} as const;

/** How the mandate's first debit settles, and each later debit on the saved mandate. */
export type IbanBehaviour = { debit: SettlementOutcome; laterDebits: SettlementOutcome };

const SUCCEEDS: SettlementOutcome = { status: 'succeeded' };

/** How debits on a (valid, normalised) IBAN end; null: the sandbox does not debit it at all. */
export function ibanBehaviour(iban: string): IbanBehaviour | null {
  if ((TEST_IBANS.settles as readonly string[]).includes(iban))
    return { debit: SUCCEEDS, laterDebits: SUCCEEDS };
  if (iban === TEST_IBANS.insufficientFunds) {
    const refused: SettlementOutcome = { status: 'refused', reason: 'insufficient_funds' };
    return { debit: refused, laterDebits: refused };
  }
  if (iban === TEST_IBANS.laterDebitsMandateRevoked) {
    // The bank revoked the mandate without the sandbox knowing: the debit comes back refused.
    return { debit: SUCCEEDS, laterDebits: { status: 'refused', reason: 'mandate_revoked' } };
  }
  return null;
}
