// The payment provider port (decision 0018): the only thing the ticket API knows of a provider.
// A hosted checkout for one payment, a charge of a method saved earlier, the status of a checkout
// (the browser's return) or of a payment (a charge whose notification never came), and the reading
// of a signed server-to-server notification.

export type ProviderMethod = 'CARD' | 'TRANSFER';
export type ProviderCheckoutStatus = 'open' | 'pending' | 'succeeded' | 'refused' | 'cancelled' | 'expired';
export type ProviderPaymentStatus = Exclude<ProviderCheckoutStatus, 'expired'>;
export type NotificationType =
  | 'payment.pending'
  | 'payment.succeeded'
  | 'payment.refused'
  | 'payment.cancelled';

export type SavedMethodDetails =
  | {
      token: string;
      kind: 'CARD';
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
      holder: string;
    }
  | { token: string; kind: 'TRANSFER'; ibanLast4: string; holder: string };

export type CreateCheckoutInput = {
  /** Our payment id: the provider's merchantReference and the idempotency key of the call. */
  merchantReference: string;
  amount: number;
  currency: string;
  method: ProviderMethod;
  saveMethod: boolean;
  customerReference: string | null;
  locale: string;
  description: string;
  returnUrl: string;
  notifyUrl: string;
};

export type CreatedCheckout = { checkoutId: string; redirectUrl: string; expiresAt: Date };

export type CheckoutState = {
  checkoutId: string;
  status: ProviderCheckoutStatus;
  paymentId: string | null;
  merchantReference: string;
  amount: number;
  currency: string;
  method: ProviderMethod;
};

/** The merchant-initiated agreement a charge belongs to, as providers ask: recurring or instalment. */
export type ChargePurpose = 'instalment' | 'subscription';

export type ChargeInput = {
  methodToken: string;
  /**
   * The agreement of a charge made without the customer (a later instalment, a renewal); null
   * when the customer is there and chose the saved method at placement (start-payment.ts).
   */
  purpose: ChargePurpose | null;
  /** Our payment id: the provider's merchantReference and the idempotency key of the call. */
  merchantReference: string;
  amount: number;
  currency: string;
  description: string;
  notifyUrl: string;
};

export type ChargeResult = { paymentId: string; status: ProviderPaymentStatus };

/** A payment as the provider knows it now. */
export type PaymentState = {
  paymentId: string;
  checkoutId: string | null;
  status: ProviderPaymentStatus;
  merchantReference: string;
  amount: number;
  currency: string;
  method: ProviderMethod;
  /** Why it was refused, in the provider's words (insufficient_funds, card_expired…); null otherwise. */
  reason: string | null;
};

/** A notification whose signature and freshness were checked. */
export type PaymentNotification = {
  eventId: string;
  type: NotificationType;
  createdAt: string;
  /** Grows with each event of one payment: an older one arriving late is ignored. */
  sequence: number;
  checkoutId: string | null;
  paymentId: string;
  merchantReference: string;
  amount: number;
  currency: string;
  method: ProviderMethod;
  reason: string | null;
  savedMethod: SavedMethodDetails | null;
};

export type NotificationReading =
  | { ok: true; notification: PaymentNotification }
  /** signature: missing, malformed or wrong; stale: signed too far from now; malformed: the body. */
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

export type PaymentProvider = {
  /** The name stored with payments and saved methods, and the last segment of the notification route. */
  readonly name: string;
  /** Opens a hosted payment page; the same merchantReference answers the same checkout. */
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  /** The checkout's status as the provider knows it (the browser's return). */
  getCheckout(checkoutId: string): Promise<CheckoutState>;
  /** Debits a saved method without the buyer; the same merchantReference answers the same charge. */
  chargeSavedMethod(input: ChargeInput): Promise<ChargeResult>;
  /** A payment's status as the provider knows it (a charge whose notification did not come). */
  getPayment(paymentId: string): Promise<PaymentState>;
  /** Checks a notification's signature and freshness and parses it, or says why it is refused. */
  readNotification(headers: Headers, rawBody: string, now: Date): NotificationReading;
};

/** Thrown by an adapter when the provider fails or does not answer: PAYMENT_UNEXPECTED_ERROR. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
