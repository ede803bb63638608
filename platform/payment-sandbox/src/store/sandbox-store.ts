// The sandbox's memory: checkouts, payments, saved methods, idempotent answers and sent events.
import type {
  ChargePurpose,
  CreateCheckoutRequest,
  Notification,
  PaymentMethod,
  PaymentStatus,
  RefusalReason,
  SavedMethod,
} from '../protocol/schemas.ts';

/** What a pending SEPA debit will become when it settles, fixed by the IBAN at submission. */
export type SettlementOutcome = { status: 'succeeded' } | { status: 'refused'; reason: RefusalReason };

/** A card waiting for the customer's answer to the authentication challenge. */
export type ChallengedCard = Omit<CardMethod, 'token'> & { chargeRefusal: RefusalReason | null };

export type CardMethod = Extract<SavedMethod, { kind: 'CARD' }>;

export type Checkout = {
  id: string;
  paymentId: string;
  request: CreateCheckoutRequest;
  createdAt: Date;
  expiresAt: Date;
  /** Echoed by the page's forms: a form posted from elsewhere does not carry it. */
  formToken: string;
  challenge: ChallengedCard | null;
};

export type Payment = {
  id: string;
  checkoutId: string | null;
  merchantReference: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  notifyUrl: string;
  /** A charge's merchant-initiated agreement; null for a checkout or a charge with the customer there. */
  purpose: ChargePurpose | null;
  status: PaymentStatus;
  reason: RefusalReason | null;
  /** The sequence number of this payment's last event. */
  sequence: number;
  settlement: SettlementOutcome | null;
  /** The method this payment saves once it succeeds (the checkout asked for it). */
  methodToSave: StoredMethod | null;
};

/** A saved method and what the sandbox remembers about how later charges on it end. */
export type StoredMethod = {
  method: SavedMethod;
  /** Cards: why every later charge is refused (test cards 0341 and 9995); null: they succeed. */
  chargeRefusal: RefusalReason | null;
  /** SEPA mandates: how each later debit settles. */
  settlement: SettlementOutcome | null;
  /** SEPA mandates: when the customer's bank revoked it; later debits are then refused at once. */
  revokedAt: Date | null;
};

/** An answer kept for an `Idempotency-Key`, with the request it answered. */
export type IdempotentAnswer = { requestFingerprint: string; body: unknown };

export type SandboxStore = {
  checkouts: Map<string, Checkout>;
  payments: Map<string, Payment>;
  savedMethods: Map<string, StoredMethod>;
  idempotentAnswers: Map<string, IdempotentAnswer>;
  events: Notification[];
};

/** In memory only: restarting the sandbox forgets everything, as decision 0018 accepts. */
export function createMemoryStore(): SandboxStore {
  return {
    checkouts: new Map(),
    payments: new Map(),
    savedMethods: new Map(),
    idempotentAnswers: new Map(),
    events: [],
  };
}
