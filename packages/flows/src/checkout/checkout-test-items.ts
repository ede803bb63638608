// Networks, viewers, cart lines and answers for the checkout's tests: a test names only what it is about.
import { CATALOGUE_TAGS } from '@transit-shop/sdk/contract/catalogue';
import type { ComputeAmountAnswer } from '@transit-shop/sdk/contract/order';
import { cartItemOf } from '../cart/cart-rules.ts';
import { shopItem, verifyAnswer } from '../cart/cart-test-items.ts';
import type { CartItem } from '../cart/cart-types.ts';
import type {
  CheckoutCart,
  CheckoutNetwork,
  CheckoutViewer,
  CollectSlot,
  ComputeAmountInput,
  SavedPaymentMethod,
  ShippingAddress,
} from './checkout-types.ts';

export function network(fields: Partial<CheckoutNetwork> = {}): CheckoutNetwork {
  return {
    has_guest_orders: 1,
    guestMaxOrderAmount: 5000,
    multiple_payment_installments: [1, 3, 10],
    payment: { transfer_enabled: true },
    ...fields,
  };
}

let lines = 0;

/** A line delivered in the phone app. */
export function appLine(): CartItem {
  lines += 1;
  return cartItemOf({ item: shopItem(), quantity: 1, delivery: 'DEMATERIALIZED' }, `line-${lines}`);
}

/** A line delivered in the phone app, of an item a guest gets on a card only (CHK-03). */
export function guestCardOnlyAppLine(): CartItem {
  lines += 1;
  return cartItemOf(
    { item: shopItem({ tags: CATALOGUE_TAGS.guestCardOnly }), quantity: 1, delivery: 'DEMATERIALIZED' },
    `line-${lines}`,
  );
}

/** A line on a new transport card, posted to the buyer. */
export function newCardLine(): CartItem {
  lines += 1;
  return cartItemOf({ item: shopItem(), quantity: 1, delivery: 'PHYSICAL' }, `line-${lines}`);
}

/** A line loaded on a transport card the buyer holds. */
export function existingCardLine(): CartItem {
  lines += 1;
  return cartItemOf({ item: shopItem(), quantity: 1, delivery: 'PHYSICAL', mediaId: 42 }, `line-${lines}`);
}

/** A line picked up at an agency (click and collect). */
export function collectLine(): CartItem {
  lines += 1;
  return cartItemOf(
    { item: shopItem({ tags: CATALOGUE_TAGS.collect }), quantity: 1, delivery: 'PHYSICAL' },
    `line-${lines}`,
  );
}

export function cart(items: CartItem[], fields: Partial<CheckoutCart> = {}): CheckoutCart {
  return {
    items,
    vouchers: [],
    totalAmount: 3000,
    paymentOptions: { installments: [1, 3], paymentMethods: ['CARD', 'TRANSFER'] },
    ...fields,
  };
}

export const address: ShippingAddress = {
  fullname: 'Ada Lovelace',
  addressRoute: '12 rue des Lilas',
  addressPostalCode: '69001',
  addressCity: 'Lyon',
  addressState: 'Rhône',
};

export const savedCard: SavedPaymentMethod = {
  id: 7,
  method: 'CARD',
  label: 'Visa •••• 4242',
  locked: false,
};
export const lockedCard: SavedPaymentMethod = {
  id: 8,
  method: 'CARD',
  label: 'Visa •••• 0341',
  locked: true,
};
export const savedIban: SavedPaymentMethod = {
  id: 9,
  method: 'TRANSFER',
  label: 'FR76 •••• 0189',
  locked: false,
};

export const visitor: CheckoutViewer = { kind: 'visitor' };

export function customer(
  fields: Partial<Extract<CheckoutViewer, { kind: 'customer' }>> = {},
): Extract<CheckoutViewer, { kind: 'customer' }> {
  return {
    kind: 'customer',
    verified: true,
    complete: true,
    fullname: 'Ada Lovelace',
    address: null,
    savedMethods: [savedCard, lockedCard, savedIban],
    ...fields,
  };
}

export function guestSession(invoiceEmail: string | null = 'ada@example.org'): CheckoutViewer {
  return { kind: 'guest', invoiceEmail };
}

/** A pick-up slot of 30 minutes on 26 November, from the given time (HH:MM). */
export function slot(time: string, full = false): CollectSlot {
  const start = `2026-11-26T${time}:00+01:00`;
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  return { start, end, full };
}

/** computeAmount's answer: the total split evenly, the first debit today. */
export function amountAnswer(input: ComputeAmountInput, totalAmount = 3000): ComputeAmountAnswer {
  const share = Math.floor(totalAmount / input.installments);
  const schedule = Array.from({ length: input.installments }, (_, index) => ({
    dueDate: new Date(Date.UTC(2026, 10 + index, 23)).toISOString().slice(0, 10),
    amount: index === 0 ? totalAmount - share * (input.installments - 1) : share,
  }));
  return {
    ...verifyAnswer(totalAmount),
    installments: input.installments,
    paymentMethod: input.paymentMethod,
    schedule,
  };
}

/** An error of the ticket client: an object with the catalogue's code. */
export function failure(code: string): Error & { code: string } {
  return Object.assign(new Error(code), { code });
}
