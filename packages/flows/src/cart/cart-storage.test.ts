import { describe, expect, it } from 'vitest';
import { cartItemOf } from './cart-rules.ts';
import { CART_STORAGE_VERSION, restoreCart, type SavedCart } from './cart-storage.ts';
import { discount, shopItem } from './cart-test-items.ts';

function savedCart(fields: Partial<SavedCart> = {}): SavedCart {
  return {
    version: CART_STORAGE_VERSION,
    items: [cartItemOf({ item: shopItem(), quantity: 2, delivery: 'DEMATERIALIZED', profile: 7 }, 'line-1')],
    vouchers: ['SPRING'],
    discounts: [discount('SPRING', 100)],
    verifiedTotalAmount: 900,
    termsAccepted: true,
    privacyAccepted: false,
    over18Accepted: false,
    cartVisible: true,
    orderInFlight: null,
    paidOrder: null,
    ...fields,
  };
}

describe('saved cart', () => {
  it('CART-01 reads back what was written, as text or as a value', () => {
    const cart = savedCart();
    expect(restoreCart(JSON.stringify(cart))).toEqual(cart);
    expect(restoreCart(cart)).toEqual(cart);
  });

  it('CART-01 nothing saved, unreadable text or another version gives no cart', () => {
    expect(restoreCart(null)).toBeNull();
    expect(restoreCart(undefined)).toBeNull();
    expect(restoreCart('{"version":1,')).toBeNull();
    expect(restoreCart({ ...savedCart(), version: 2 })).toBeNull();
    const { version: _, ...unversioned } = savedCart();
    expect(restoreCart(unversioned)).toBeNull();
  });

  it('CART-01 a saved cart that breaks the cart’s rules is dropped whole', () => {
    const [line] = savedCart().items;
    if (!line) throw new Error('the saved cart has a line');
    const tooMany = { ...line, quantity: line.item.articleQuantityMax + 1 };
    expect(restoreCart(savedCart({ items: [tooMany] }))).toBeNull();
    expect(restoreCart(savedCart({ items: [line, { ...line }] }))).toBeNull();
    const monthly = shopItem({ pivotType: 'MONTH_PIVOT', pivotValue: 1, startProposals: 3 });
    const noStart = cartItemOf({ item: monthly, quantity: 1, delivery: 'DEMATERIALIZED' }, 'line-2');
    expect(restoreCart(savedCart({ items: [noStart] }))).toBeNull();
    expect(restoreCart(savedCart({ vouchers: ['AB'] }))).toBeNull();
    expect(restoreCart({ ...savedCart(), items: [{ ...line, item: { shopItemId: 1 } }] })).toBeNull();
  });
});
