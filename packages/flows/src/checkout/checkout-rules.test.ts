import { describe, expect, it } from 'vitest';
import {
  cartGuestRefusalOf,
  checkoutLinesOf,
  collectChoiceOf,
  deliveryOf,
  errorCodeOf,
  errorStepOf,
  identificationStepOf,
  savedMethodOptionsOf,
} from './checkout-rules.ts';
import { CHECKOUT_STORAGE_KEY, restoreCheckout } from './checkout-storage.ts';
import {
  address,
  appLine,
  cart,
  collectLine,
  customer,
  existingCardLine,
  failure,
  guestCardOnlyAppLine,
  guestSession,
  lockedCard,
  network,
  newCardLine,
  savedCard,
  savedIban,
  visitor,
} from './checkout-test-items.ts';
import { CHECKOUT_STORAGE_VERSION, type SavedCheckout } from './checkout-types.ts';

describe('who buys', () => {
  it('reads a line’s delivery as its support, with its item, card and whether it is a subscription', () => {
    const line = existingCardLine();
    expect(checkoutLinesOf([line])).toEqual([
      { item: line.item, support: 'PHYSICAL', mediaId: 42, isSubscription: false },
    ]);
  });

  it('NET-03 CHK-03 CHK-02 the cart’s guest refusal reads its lines', () => {
    expect(cartGuestRefusalOf(network(), cart([guestCardOnlyAppLine()]))).toBe('SUPPORT_NOT_OFFERED');
    expect(cartGuestRefusalOf(network(), cart([newCardLine()]))).toBeNull();
  });

  it('CHK-01 a visitor goes to the customer info step; a complete, verified customer skips it', () => {
    const basket = cart([newCardLine()]);
    expect(identificationStepOf(visitor, network(), basket)).toBe('customerInfo');
    expect(identificationStepOf(customer(), network(), basket)).toBe('identified');
  });

  it('CHK-04 an unverified account cannot purchase, even when incomplete', () => {
    const basket = cart([appLine()]);
    expect(identificationStepOf(customer({ verified: false }), network(), basket)).toBe('unverified');
    expect(identificationStepOf(customer({ verified: false, complete: false }), network(), basket)).toBe(
      'unverified',
    );
  });

  it('ROUTE-10 an account without first name, last name or email is sent to finalize', () => {
    expect(identificationStepOf(customer({ complete: false }), network(), cart([appLine()]))).toBe(
      'finalizeAccount',
    );
  });

  it('CHK-02 a guest session whose cart a guest may not buy is refused', () => {
    expect(identificationStepOf(guestSession(), network(), cart([newCardLine()]))).toBe('identified');
    expect(
      identificationStepOf(guestSession(), network(), cart([newCardLine()], { totalAmount: 5001 })),
    ).toBe('guestRefused');
  });

  it('a guest session whose cart holds a tacit subscription is sent to sign in or up', () => {
    const line = newCardLine();
    const subscribed = {
      ...line,
      item: { ...line.item, paymentOptions: { ...line.item.paymentOptions, allowSubscription: true } },
      isSubscription: true,
    };
    expect(identificationStepOf(guestSession(), network(), cart([subscribed]))).toBe('guestRefused');
    expect(cartGuestRefusalOf(network(), cart([subscribed]))).toBe('GUEST_SUBSCRIPTION_NOT_ALLOWED');
    expect(identificationStepOf(customer(), network(), cart([subscribed]))).toBe('identified');
  });
});

describe('delivery steps', () => {
  const TEN = '2026-11-26T10:00:00+01:00';

  it('CHK-05 the collect choice needs both an agency and a slot', () => {
    expect(collectChoiceOf({ collectSiteId: 3, collectSlotStart: TEN })).toEqual({
      siteId: 3,
      slotStart: TEN,
    });
    expect(collectChoiceOf({ collectSiteId: 3, collectSlotStart: null })).toBeNull();
    expect(collectChoiceOf({ collectSiteId: null, collectSlotStart: TEN })).toBeNull();
  });

  it('CHK-05 the order is collected, posted, or has nothing to deliver', () => {
    const choices = { collectSiteId: 3, collectSlotStart: TEN, shippingAddress: address };
    expect(deliveryOf([collectLine(), newCardLine()], choices)).toEqual({
      mode: 'COLLECT',
      siteId: 3,
      slotStart: TEN,
    });
    expect(deliveryOf([collectLine()], { ...choices, collectSlotStart: null })).toBeNull();
    expect(deliveryOf([newCardLine()], choices)).toEqual({ mode: 'SHIPPING', address });
    expect(deliveryOf([existingCardLine(), appLine()], choices)).toBeNull();
  });
});

describe('saved payment methods', () => {
  it('AUTH-04 PAY-01 saved methods go to signed-in customers only, unlocked and of an offered method', () => {
    expect(
      savedMethodOptionsOf({ kind: 'guest', invoiceEmail: 'ada@example.org' }, ['CARD', 'TRANSFER']),
    ).toEqual([]);
    expect(savedMethodOptionsOf(null, ['CARD'])).toEqual([]);
    expect(savedMethodOptionsOf(customer(), ['CARD', 'TRANSFER'])).toEqual([savedCard, savedIban]);
    expect(savedMethodOptionsOf(customer(), ['CARD'])).toEqual([savedCard]);
    expect(savedMethodOptionsOf(customer({ savedMethods: [lockedCard] }), ['CARD'])).toEqual([]);
  });
});

describe('errors and outcomes', () => {
  const customerBuys = { guest: false };
  const guestBuys = { guest: true };

  it.each([
    ['INVALID_DOCUMENT', 'backToCart'],
    ['PRODUCT_ALREADY_IN_CART', 'backToCart'],
    ['WRONG_QUANTITY', 'backToCart'],
    ['SUBSCRIPTION_CART_NOT_ALONE', 'backToCart'],
    ['VOUCHER_EXPIRED', 'backToCart'],
    ['GUEST_ORDER_NOT_ALLOWED', 'customerInfo'],
    ['GUEST_AMOUNT_EXCEEDED', 'customerInfo'],
    ['GUEST_SUBSCRIPTION_NOT_ALLOWED', 'customerInfo'],
    ['COLLECT_AGENCY_MISSING', 'collect'],
    ['COLLECT_SLOT_FULL', 'collectSlot'],
    ['INCOMPATIBLE_INSTALLMENTS', 'payment'],
    ['INCOMPATIBLE_PAYMENT_METHODS', 'payment'],
    ['PAYMENT_UNEXPECTED_ERROR', 'payment'],
    ['TIMEOUT', 'payment'],
    ['PAYMENT_REFUSED', 'failed'],
    ['PAYMENT_CANCELLED', 'cancelled'],
    ['ACCOUNT_NOT_VERIFIED', 'unverified'],
    ['INVOICE_EMAIL_MISSING', 'invoiceEmail'],
    ['SHIPPING_ADDRESS_INCOMPLETE', 'shippingAddress'],
    ['ORDER_KEY_REUSED', 'payment'],
    ['SAVED_METHOD_NOT_FOUND', 'payment'],
  ] as const)('spec 02 §8: %s sends the buyer to %s', (code, step) => {
    expect(errorStepOf(code, customerBuys)).toBe(step);
  });

  it('INVALID_DOCUMENT is put right in the cart', () => {
    expect(errorStepOf('INVALID_DOCUMENT', guestBuys)).toBe('backToCart');
  });

  it('SUPPORT_NOT_OFFERED is put right by signing in for a guest; in the cart for a customer', () => {
    expect(errorStepOf('SUPPORT_NOT_OFFERED', guestBuys)).toBe('customerInfo');
    expect(errorStepOf('SUPPORT_NOT_OFFERED', customerBuys)).toBe('backToCart');
  });

  it('an error without a code is handled at the payment step', () => {
    expect(errorStepOf(null, customerBuys)).toBe('payment');
  });

  it('reads the code of an error of the ticket client', () => {
    expect(errorCodeOf(failure('WRONG_QUANTITY'))).toBe('WRONG_QUANTITY');
    expect(errorCodeOf(new Error('boom'))).toBeNull();
    expect(errorCodeOf('WRONG_QUANTITY')).toBeNull();
    expect(errorCodeOf(null)).toBeNull();
  });
});

describe('the attempt kept across the redirect', () => {
  const attempt: SavedCheckout = {
    version: CHECKOUT_STORAGE_VERSION,
    orderKey: '0b6f3a52-8f3e-4c7a-9a57-3f1c2d6b7e10',
    orderId: 501,
    orderReference: 'r'.repeat(43),
    invoiceEmail: null,
    shippingAddress: address,
    collect: { siteId: 3, slotStart: '2026-11-26T10:00:00+01:00' },
    installments: 3,
    paymentMethod: 'CARD',
    savedMethodId: null,
    saveMethod: true,
  };

  it('is kept under the session storage key checkout', () => {
    expect(CHECKOUT_STORAGE_KEY).toBe('checkout');
  });

  it('is read back from its JSON text or its value', () => {
    expect(restoreCheckout(JSON.stringify(attempt))).toEqual(attempt);
    expect(restoreCheckout(attempt)).toEqual(attempt);
  });

  it('is dropped when missing, unreadable, of another version or not an attempt', () => {
    expect(restoreCheckout(null)).toBeNull();
    expect(restoreCheckout(undefined)).toBeNull();
    expect(restoreCheckout('{not json')).toBeNull();
    expect(restoreCheckout({ ...attempt, version: 99 })).toBeNull();
    expect(restoreCheckout({ ...attempt, orderKey: 'not-a-uuid' })).toBeNull();
    expect(restoreCheckout({ ...attempt, installments: 0 })).toBeNull();
  });
});
