import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { describe, expect, it } from 'vitest';
import {
  areGuestOrdersAllowed,
  collectAvailabilityOf,
  collectChoiceOf,
  deliveryOf,
  errorCodeOf,
  errorStepOf,
  guestRefusalOf,
  identificationStepOf,
  installmentOptionsOf,
  invoiceEmailIssueOf,
  isAddressComplete,
  isCollectArticle,
  isGuestSupportAllowed,
  isInvoiceEmailValid,
  isShippingAddressComplete,
  isWithinGuestAmount,
  needsCollect,
  needsShippingAddress,
  paymentMethodOptionsOf,
  paymentOptionsRefusalOf,
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
  it('NET-03 guest orders are allowed only when has_guest_orders is non-zero', () => {
    expect(areGuestOrdersAllowed({ has_guest_orders: 0 })).toBe(false);
    expect(areGuestOrdersAllowed({ has_guest_orders: 1 })).toBe(true);
    expect(areGuestOrdersAllowed({ has_guest_orders: 2 })).toBe(true);
  });

  it('CHK-03 a guest gets the items tagged card-only for guests on a card; other items keep the app', () => {
    expect(isGuestSupportAllowed([newCardLine(), collectLine(), existingCardLine()])).toBe(true);
    expect(isGuestSupportAllowed([newCardLine(), appLine()])).toBe(true);
    expect(isGuestSupportAllowed([newCardLine(), guestCardOnlyAppLine()])).toBe(false);
  });

  it('CHK-02 a guest may order up to the maximum order amount, not above', () => {
    const settings = network({ guestMaxOrderAmount: 5000 });
    expect(isWithinGuestAmount(settings, 5000)).toBe(true);
    expect(isWithinGuestAmount(settings, 5001)).toBe(false);
  });

  it('NET-03 CHK-03 AUTH-04 CHK-02 the guest refusal comes in that order', () => {
    const above = cart([guestCardOnlyAppLine()], {
      totalAmount: 9000,
      paymentOptions: { installments: [3], paymentMethods: ['CARD'] },
    });
    expect(guestRefusalOf(network({ has_guest_orders: 0 }), above)).toBe('GUEST_ORDER_NOT_ALLOWED');
    expect(guestRefusalOf(network(), above)).toBe('SUPPORT_NOT_OFFERED');
    expect(guestRefusalOf(network(), { ...above, items: [newCardLine()] })).toBe(
      'GUEST_PAYMENT_METHOD_NOT_ALLOWED',
    );
    expect(guestRefusalOf(network(), cart([newCardLine()], { totalAmount: 9000 }))).toBe(
      'GUEST_AMOUNT_EXCEEDED',
    );
    expect(guestRefusalOf(network(), cart([newCardLine()], { totalAmount: 5000 }))).toBeNull();
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

  it('CHK-07 the invoice email of a guest must be an address', () => {
    expect(isInvoiceEmailValid('ada@example.org')).toBe(true);
    expect(isInvoiceEmailValid('ada.example.org')).toBe(false);
    expect(isInvoiceEmailValid('  ')).toBe(false);
  });

  it('CHK-07 VAL-06 an empty invoice email is required; a filled one without an at sign is not an address', () => {
    expect(invoiceEmailIssueOf('')).toBe(VALIDATION_MESSAGES.required);
    expect(invoiceEmailIssueOf('  ')).toBe(VALIDATION_MESSAGES.required);
    expect(invoiceEmailIssueOf('ada.example.org')).toBe(VALIDATION_MESSAGES.email);
    expect(invoiceEmailIssueOf('ada@example.org')).toBeNull();
  });
});

describe('delivery steps', () => {
  it('CHK-05 a PHYSICAL article of an eshop_collect item is collected at an agency', () => {
    expect(isCollectArticle(collectLine())).toBe(true);
    expect(isCollectArticle(newCardLine())).toBe(false);
    expect(isCollectArticle({ ...collectLine(), delivery: 'DEMATERIALIZED' })).toBe(false);
    expect(needsCollect([appLine(), collectLine()])).toBe(true);
    expect(needsCollect([appLine(), newCardLine()])).toBe(false);
  });

  it('a PHYSICAL article without a transport card and not collected needs a shipping address', () => {
    expect(needsShippingAddress([newCardLine()])).toBe(true);
    expect(needsShippingAddress([existingCardLine()])).toBe(false);
    expect(needsShippingAddress([collectLine()])).toBe(false);
    // One delivery per order: a collected order's new cards wait at the agency too.
    expect(needsShippingAddress([collectLine(), newCardLine()])).toBe(false);
    expect(needsShippingAddress([appLine()])).toBe(false);
    expect(needsShippingAddress([appLine(), existingCardLine(), newCardLine()])).toBe(true);
  });

  it('ACC-02 an address is complete only with route, postal code, city and state', () => {
    expect(isAddressComplete(address)).toBe(true);
    for (const field of ['addressRoute', 'addressPostalCode', 'addressCity', 'addressState'] as const) {
      expect(isAddressComplete({ ...address, [field]: ' ' })).toBe(false);
    }
    expect(isAddressComplete(null)).toBe(false);
  });

  it('ACC-02 a shipping address also needs the addressee’s full name', () => {
    expect(isShippingAddressComplete(address)).toBe(true);
    expect(isShippingAddressComplete({ ...address, fullname: '' })).toBe(false);
    expect(isShippingAddressComplete({ ...address, addressCity: '' })).toBe(false);
    expect(isShippingAddressComplete(null)).toBe(false);
  });

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

  it('collectAvailabilityOf spans 48 to 72 hours after the order', () => {
    const window = collectAvailabilityOf(new Date('2026-11-23T10:00:00Z'));
    expect(window.from.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(window.until.toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });
});

describe('payment options', () => {
  it('NET-05 PAY-02 instalment counts are the network’s multiple_payment_installments the cart allows', () => {
    const basket = cart([appLine()], {
      paymentOptions: { installments: [10, 3, 1, 2], paymentMethods: ['CARD'] },
    });
    expect(installmentOptionsOf(network({ multiple_payment_installments: [10, 1, 3, 3] }), basket)).toEqual([
      1, 3, 10,
    ]);
    expect(installmentOptionsOf(network({ multiple_payment_installments: [4, 6] }), basket)).toEqual([]);
  });

  it('AUTH-04 PAY-02 a guest pays in one payment: later debits need a saved method', () => {
    const basket = cart([newCardLine()], {
      paymentOptions: { installments: [1, 3], paymentMethods: ['CARD'] },
    });
    const guest = { kind: 'guest', invoiceEmail: 'ada@example.org' } as const;
    expect(installmentOptionsOf(network(), basket, guest)).toEqual([1]);
    expect(installmentOptionsOf(network(), basket, customer())).toEqual([1, 3]);
  });

  it('NET-04 PAY-01 CARD always, TRANSFER when the network enables it and the items share it', () => {
    const both = cart([appLine()], {
      paymentOptions: { installments: [1], paymentMethods: ['TRANSFER', 'CARD'] },
    });
    expect(paymentMethodOptionsOf(network(), both)).toEqual(['CARD', 'TRANSFER']);
    expect(paymentMethodOptionsOf(network({ payment: { transfer_enabled: false } }), both)).toEqual(['CARD']);
    const cardOnly = cart([appLine()], { paymentOptions: { installments: [1], paymentMethods: ['CARD'] } });
    expect(paymentMethodOptionsOf(network(), cardOnly)).toEqual(['CARD']);
  });

  it('PAY-04 a cart that shares no instalment count or no method with the network cannot be paid', () => {
    expect(paymentOptionsRefusalOf(network({ multiple_payment_installments: [4] }), cart([appLine()]))).toBe(
      'INCOMPATIBLE_INSTALLMENTS',
    );
    const transferOnly = cart([appLine()], {
      paymentOptions: { installments: [1], paymentMethods: ['TRANSFER'] },
    });
    expect(paymentOptionsRefusalOf(network({ payment: { transfer_enabled: false } }), transferOnly)).toBe(
      'INCOMPATIBLE_PAYMENT_METHODS',
    );
    expect(paymentOptionsRefusalOf(network(), cart([appLine()]))).toBeNull();
  });

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
