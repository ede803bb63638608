// The payment provider port as tests drive it: checkouts and charges kept in memory, idempotent by
// merchantReference as the sandbox is by Idempotency-Key, and notifications built and signed the
// sandbox's way (Sandbox-Signature) so the ticket API's real verifier reads them.
import { randomBytes } from 'node:crypto';
import type {
  ChargePurpose,
  CheckoutState,
  CreateCheckoutInput,
  PaymentProvider,
  PaymentState,
  ProviderCheckoutStatus,
  SavedMethodDetails,
} from '../services/payments/payment-provider.ts';
import {
  readSandboxNotification,
  SANDBOX_PROVIDER,
  sandboxSignatureHeader,
} from '../services/payments/sandbox-provider.ts';

export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-of-the-sandbox';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type FakeCheckout = CreateCheckoutInput & { id: string; paymentId: string; status: ProviderCheckoutStatus };
type FakeCharge = {
  paymentId: string;
  /** As the sandbox keeps it: null for a charge the customer chose at placement. */
  purpose: ChargePurpose | null;
  merchantReference: string;
  amount: number;
  currency: string;
  methodToken: string;
  /** What the provider answers when the payment is read (getPayment); tests move it. */
  status: 'pending' | 'succeeded' | 'refused';
  reason: string | null;
  /** How many times getPayment read it. */
  reads: number;
};

export type SignedNotification = { body: string; headers: Record<string, string>; eventId: string };

export type FakePaymentProvider = PaymentProvider & {
  readonly checkouts: Map<string, FakeCheckout>;
  readonly charges: Map<string, FakeCharge>;
  /** How many times each call was made (idempotent replays included). */
  readonly calls: {
    createCheckout: number;
    chargeSavedMethod: number;
    getCheckout: number;
    getPayment: number;
  };
  /** What the next charges answer. */
  chargeStatus: 'pending' | 'succeeded' | 'refused';
  /** Makes the provider fail (it does not answer). */
  failing: boolean;
  /** The checkout of our payment id. */
  checkoutOf(merchantReference: string): FakeCheckout | undefined;
  setStatus(checkoutId: string, status: ProviderCheckoutStatus): void;
  /** A notification about a checkout or charge (by our payment id), signed at `at` (now by default). */
  notification(
    merchantReference: string,
    type: 'payment.pending' | 'payment.succeeded' | 'payment.refused' | 'payment.cancelled',
    options?: {
      sequence?: number;
      at?: Date;
      eventId?: string;
      savedMethod?: SavedMethodDetails | null;
      reason?: string | null;
      secret?: string;
      /** What the notification says instead of the checkout's or charge's own. */
      amount?: number;
      currency?: string;
      checkoutId?: string | null;
      paymentId?: string;
    },
  ): SignedNotification;
};

export const VISA_SAVED: SavedMethodDetails = {
  token: 'pm_0123456789abcdef01234567',
  kind: 'CARD',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  holder: 'Jeanne Dupont',
};

export function createFakePaymentProvider(options: { now?: () => Date } = {}): FakePaymentProvider {
  const checkouts = new Map<string, FakeCheckout>();
  const byReference = new Map<string, string>();
  const charges = new Map<string, FakeCharge>();
  const sequences = new Map<string, number>();
  const now = options.now ?? (() => new Date());
  const nextSequence = (reference: string) => {
    const next = (sequences.get(reference) ?? 0) + 1;
    sequences.set(reference, next);
    return next;
  };

  const provider: FakePaymentProvider = {
    name: SANDBOX_PROVIDER,
    checkouts,
    charges,
    calls: { createCheckout: 0, chargeSavedMethod: 0, getCheckout: 0, getPayment: 0 },
    chargeStatus: 'succeeded',
    failing: false,
    async createCheckout(input) {
      provider.calls.createCheckout += 1;
      if (provider.failing) throw new Error('the fake provider does not answer');
      const known = byReference.get(input.merchantReference);
      let checkout = known ? checkouts.get(known) : undefined;
      if (!checkout) {
        checkout = { ...input, id: id('chk'), paymentId: id('pay'), status: 'open' };
        checkouts.set(checkout.id, checkout);
        byReference.set(input.merchantReference, checkout.id);
      }
      return {
        checkoutId: checkout.id,
        redirectUrl: `https://sandbox.test/pay/${checkout.id}`,
        expiresAt: new Date(now().getTime() + 30 * 60_000),
      };
    },
    async getCheckout(checkoutId): Promise<CheckoutState> {
      provider.calls.getCheckout += 1;
      if (provider.failing) throw new Error('the fake provider does not answer');
      const checkout = checkouts.get(checkoutId);
      if (!checkout) throw new Error(`no checkout ${checkoutId}`);
      return {
        checkoutId: checkout.id,
        status: checkout.status,
        paymentId: checkout.paymentId,
        merchantReference: checkout.merchantReference,
        amount: checkout.amount,
        currency: checkout.currency,
        method: checkout.method,
      };
    },
    async chargeSavedMethod(input) {
      provider.calls.chargeSavedMethod += 1;
      if (provider.failing) throw new Error('the fake provider does not answer');
      let charge = charges.get(input.merchantReference);
      if (!charge) {
        charge = {
          ...input,
          purpose: input.purpose ?? null,
          paymentId: id('pay'),
          status: provider.chargeStatus,
          reason: provider.chargeStatus === 'refused' ? 'card_declined' : null,
          reads: 0,
        };
        charges.set(input.merchantReference, charge);
      }
      return { paymentId: charge.paymentId, status: charge.status };
    },
    async getPayment(paymentId): Promise<PaymentState> {
      provider.calls.getPayment += 1;
      if (provider.failing) throw new Error('the fake provider does not answer');
      const charge = [...charges.values()].find((candidate) => candidate.paymentId === paymentId);
      if (!charge) throw new Error(`no payment ${paymentId}`);
      charge.reads += 1;
      return {
        paymentId,
        checkoutId: null,
        status: charge.status,
        merchantReference: charge.merchantReference,
        amount: charge.amount,
        currency: charge.currency,
        method: 'CARD',
        reason: charge.reason,
      };
    },
    readNotification(headers, rawBody, at) {
      return readSandboxNotification(TEST_WEBHOOK_SECRET, headers, rawBody, at);
    },
    checkoutOf(merchantReference) {
      const checkoutId = byReference.get(merchantReference);
      return checkoutId ? checkouts.get(checkoutId) : undefined;
    },
    setStatus(checkoutId, status) {
      const checkout = checkouts.get(checkoutId);
      if (!checkout) throw new Error(`no checkout ${checkoutId}`);
      checkout.status = status;
    },
    notification(merchantReference, type, notificationOptions = {}) {
      const checkout = provider.checkoutOf(merchantReference);
      const charge = charges.get(merchantReference);
      if (!checkout && !charge) throw new Error(`nothing was paid under ${merchantReference}`);
      const at = notificationOptions.at ?? now();
      const eventId = notificationOptions.eventId ?? id('evt');
      const body = JSON.stringify({
        id: eventId,
        type,
        createdAt: at.toISOString(),
        sequence: notificationOptions.sequence ?? nextSequence(merchantReference),
        data: {
          checkoutId:
            notificationOptions.checkoutId === undefined
              ? (checkout?.id ?? null)
              : notificationOptions.checkoutId,
          paymentId: notificationOptions.paymentId ?? checkout?.paymentId ?? charge?.paymentId,
          merchantReference,
          amount: notificationOptions.amount ?? checkout?.amount ?? charge?.amount,
          currency: notificationOptions.currency ?? checkout?.currency ?? charge?.currency,
          method: checkout?.method ?? 'CARD',
          reason: notificationOptions.reason ?? (type === 'payment.refused' ? 'card_declined' : null),
          savedMethod: notificationOptions.savedMethod ?? null,
        },
      });
      const seconds = Math.floor(at.getTime() / 1000);
      return {
        body,
        eventId,
        headers: {
          'content-type': 'application/json',
          'sandbox-signature': sandboxSignatureHeader(
            notificationOptions.secret ?? TEST_WEBHOOK_SECRET,
            seconds,
            body,
          ),
        },
      };
    },
  };
  return provider;
}
