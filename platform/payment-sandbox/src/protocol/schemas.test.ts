import { describe, expect, it } from 'vitest';
import {
  chargeRequestSchema,
  checkoutAnswerSchema,
  type Notification,
  notificationSchema,
  paymentStateAnswerSchema,
} from './schemas.ts';

const CHECKOUT_ID = 'chk_0123456789abcdef01234567';
const PAYMENT_ID = 'pay_0123456789abcdef01234567';
const SAVED_CARD = {
  token: 'pm_0123456789abcdef01234567',
  kind: 'CARD',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  holder: 'Jeanne Dupont',
} as const;

const notification = (
  type: Notification['type'],
  data: Partial<Notification['data']> = {},
): Notification => ({
  id: 'evt_0123456789abcdef01234567',
  type,
  createdAt: '2026-11-23T10:00:00.000Z',
  sequence: 1,
  data: {
    checkoutId: CHECKOUT_ID,
    paymentId: PAYMENT_ID,
    merchantReference: 'setup-1',
    amount: 0,
    currency: 'EUR',
    method: 'CARD',
    reason: null,
    savedMethod: null,
    ...data,
  },
});

const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('amount 0 in the protocol: only a card-saving checkout, its payment and its events', () => {
  it('a notification of 0: a card-saving checkout succeeding with its card, refused or cancelled', () => {
    expect(accepts(notificationSchema, notification('payment.succeeded', { savedMethod: SAVED_CARD }))).toBe(
      true,
    );
    expect(accepts(notificationSchema, notification('payment.refused', { reason: 'card_declined' }))).toBe(
      true,
    );
    expect(accepts(notificationSchema, notification('payment.cancelled'))).toBe(true);

    // Its success always carries the card; it is never a pending debit; a charge is never 0.
    const refused = notificationSchema.safeParse(notification('payment.succeeded'));
    expect(refused.error?.issues.map((issue) => issue.path)).toEqual([['data', 'amount']]);
    expect(accepts(notificationSchema, notification('payment.pending'))).toBe(false);
    expect(accepts(notificationSchema, notification('payment.cancelled', { method: 'TRANSFER' }))).toBe(
      false,
    );
    expect(
      accepts(notificationSchema, notification('payment.succeeded', { checkoutId: null, savedMethod: null })),
    ).toBe(false);
    expect(accepts(notificationSchema, notification('payment.refused', { amount: -1 }))).toBe(false);
  });

  it('a checkout or a payment of 0: a card checkout', () => {
    const checkout = {
      id: CHECKOUT_ID,
      status: 'succeeded',
      paymentId: PAYMENT_ID,
      merchantReference: 'setup-1',
      amount: 0,
      currency: 'EUR',
      method: 'CARD',
    };
    expect(accepts(checkoutAnswerSchema, checkout)).toBe(true);
    expect(accepts(checkoutAnswerSchema, { ...checkout, method: 'TRANSFER' })).toBe(false);

    const payment = {
      id: PAYMENT_ID,
      checkoutId: CHECKOUT_ID,
      merchantReference: 'setup-1',
      status: 'succeeded',
      amount: 0,
      currency: 'EUR',
      method: 'CARD',
      purpose: null,
      reason: null,
      sequence: 1,
    };
    expect(accepts(paymentStateAnswerSchema, payment)).toBe(true);
    expect(accepts(paymentStateAnswerSchema, { ...payment, checkoutId: null })).toBe(false);
    expect(accepts(paymentStateAnswerSchema, { ...payment, method: 'TRANSFER' })).toBe(false);

    // A charge debits something.
    const charge = {
      methodToken: SAVED_CARD.token,
      purpose: 'subscription',
      amount: 0,
      currency: 'EUR',
      merchantReference: 'renewal-1',
      description: 'Monthly pass',
      notifyUrl: 'https://api.lumiere.test/payments/notifications',
    };
    expect(accepts(chargeRequestSchema, charge)).toBe(false);
    expect(accepts(chargeRequestSchema, { ...charge, amount: 1 })).toBe(true);
  });
});
