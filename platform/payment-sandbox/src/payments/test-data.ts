// The test cards and IBANs of decision 0018 and what each one does.
import type { RefusalReason } from '../protocol/schemas.ts';
import type { SettlementOutcome } from '../store/sandbox-store.ts';

export type CardBehaviour =
  | { kind: 'succeeds'; declinesCharges: boolean }
  | { kind: 'refused'; reason: RefusalReason }
  | { kind: 'challenge' };

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  challenge: '4000000000003220',
  declinesLaterCharges: '4000000000000341',
} as const;

/** The code that approves the authentication challenge. */
export const CHALLENGE_CODE = '123456';

export function cardBehaviour(number: string): CardBehaviour {
  switch (number) {
    case TEST_CARDS.succeeds:
      return { kind: 'succeeds', declinesCharges: false };
    case TEST_CARDS.declinesLaterCharges:
      return { kind: 'succeeds', declinesCharges: true };
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
} as const;

/** How a debit on a (valid, normalised) IBAN ends; null: the sandbox does not debit it at all. */
export function ibanSettlement(iban: string): SettlementOutcome | null {
  if ((TEST_IBANS.settles as readonly string[]).includes(iban)) return { status: 'succeeded' };
  if (iban === TEST_IBANS.insufficientFunds) return { status: 'refused', reason: 'insufficient_funds' };
  return null;
}
