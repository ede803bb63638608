import { describe, expect, it } from 'vitest';
import { CATALOGUE_TAGS } from '../contract/catalogue.ts';
import type { ShippingAddress } from '../contract/checkout.ts';
import { isAddressComplete } from '../validation/account-rules.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import {
  areGuestOrdersAllowed,
  type CheckoutLine,
  type CheckoutSettings,
  type CommonPaymentOptions,
  collectAvailabilityOf,
  commonPaymentOptions,
  guestRefusalOf,
  installmentOptionsOf,
  invoiceEmailIssueOf,
  isCollectArticle,
  isGuestSupportAllowed,
  isInvoiceEmailValid,
  isShippingAddressComplete,
  isWithinGuestAmount,
  missingShippingAddressParts,
  needsCollect,
  needsShippingAddress,
  paymentMethodOptionsOf,
  paymentOptionsRefusalOf,
} from './checkout-rules.ts';

function network(fields: Partial<CheckoutSettings> = {}): CheckoutSettings {
  return {
    has_guest_orders: 1,
    guestMaxOrderAmount: 5000,
    multiple_payment_installments: [1, 3, 10],
    payment: { transfer_enabled: true },
    ...fields,
  };
}

/** A line delivered in the phone app. */
const appLine = (): CheckoutLine => ({ item: { tags: '' }, support: 'DEMATERIALIZED', mediaId: null });
/** A line delivered in the phone app, of an item a guest gets on a card only (CHK-03). */
const guestCardOnlyAppLine = (): CheckoutLine => ({
  ...appLine(),
  item: { tags: CATALOGUE_TAGS.guestCardOnly },
});
/** A line on a new transport card, posted to the buyer. */
const newCardLine = (): CheckoutLine => ({ item: { tags: '' }, support: 'PHYSICAL', mediaId: null });
/** A line loaded on a transport card the buyer holds. */
const existingCardLine = (): CheckoutLine => ({ ...newCardLine(), mediaId: 42 });
/** A line picked up at an agency (click and collect). */
const collectLine = (): CheckoutLine => ({ ...newCardLine(), item: { tags: CATALOGUE_TAGS.collect } });

function cart(
  lines: CheckoutLine[],
  fields: { totalAmount?: number; paymentOptions?: CommonPaymentOptions } = {},
) {
  return {
    lines,
    totalAmount: 3000,
    paymentOptions: { installments: [1, 3], paymentMethods: ['CARD', 'TRANSFER'] } as CommonPaymentOptions,
    ...fields,
  };
}

const address: ShippingAddress = {
  fullname: 'Ada Lovelace',
  addressRoute: '12 rue des Lilas',
  addressPostalCode: '69001',
  addressCity: 'Lyon',
  addressState: 'Rhône',
};

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
    expect(guestRefusalOf(network(), { ...above, lines: [newCardLine()] })).toBe(
      'GUEST_PAYMENT_METHOD_NOT_ALLOWED',
    );
    expect(guestRefusalOf(network(), cart([newCardLine()], { totalAmount: 9000 }))).toBe(
      'GUEST_AMOUNT_EXCEEDED',
    );
    expect(guestRefusalOf(network(), cart([newCardLine()], { totalAmount: 5000 }))).toBeNull();
  });

  it('a cart holding a tacit subscription needs an account; the same item bought for one period does not', () => {
    const subscribed = { ...newCardLine(), isSubscription: true };
    expect(guestRefusalOf(network(), cart([subscribed], { totalAmount: 5000 }))).toBe(
      'GUEST_SUBSCRIPTION_NOT_ALLOWED',
    );
    expect(
      guestRefusalOf(network(), cart([{ ...subscribed, isSubscription: false }], { totalAmount: 5000 })),
    ).toBeNull();
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

describe('delivery and documents', () => {
  it('CHK-05 a PHYSICAL article of an eshop_collect item is collected at an agency', () => {
    expect(isCollectArticle(collectLine())).toBe(true);
    expect(isCollectArticle(newCardLine())).toBe(false);
    expect(isCollectArticle({ ...collectLine(), support: 'DEMATERIALIZED' })).toBe(false);
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

  it('ACC-02 the parts of a shipping address left blank, in the form’s order', () => {
    expect(missingShippingAddressParts(address)).toEqual([]);
    expect(missingShippingAddressParts({ ...address, fullname: ' ', addressState: '' })).toEqual([
      'fullname',
      'addressState',
    ]);
    expect(missingShippingAddressParts(null)).toEqual([
      'fullname',
      'addressRoute',
      'addressPostalCode',
      'addressCity',
      'addressState',
    ]);
  });

  it('collectAvailabilityOf spans 48 to 72 hours after the order', () => {
    const window = collectAvailabilityOf(new Date('2026-11-23T10:00:00Z'));
    expect(window.from.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(window.until.toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });
});

describe('payment options', () => {
  it('CART-09 the common payment options are the instalments and methods every item allows', () => {
    const a = { paymentOptions: { installments: [10, 1, 3], paymentMethods: ['TRANSFER', 'CARD'] } } as const;
    const b = { paymentOptions: { installments: [3, 10], paymentMethods: ['CARD'] } } as const;
    expect(commonPaymentOptions([])).toBeNull();
    expect(commonPaymentOptions([a])).toEqual({
      installments: [1, 3, 10],
      paymentMethods: ['TRANSFER', 'CARD'],
    });
    expect(commonPaymentOptions([a, b])).toEqual({ installments: [3, 10], paymentMethods: ['CARD'] });
  });

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
    expect(installmentOptionsOf(network(), basket, { kind: 'guest' })).toEqual([1]);
    expect(installmentOptionsOf(network(), basket, { kind: 'customer' })).toEqual([1, 3]);
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
});
