import { describe, expect, it } from 'vitest';
import { cartItemOf } from './cart-rules.ts';
import { CART_STORAGE_VERSION, restoreCart, type SavedCart } from './cart-storage.ts';
import { discount, shopItem, subscriptionItem } from './cart-test-items.ts';

const PARIS = 'Europe/Paris';

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
    expect(restoreCart(JSON.stringify(cart), PARIS)).toEqual(cart);
    expect(restoreCart(cart, PARIS)).toEqual(cart);
  });

  it('CART-01 nothing saved, unreadable text or another version gives no cart', () => {
    expect(restoreCart(null, PARIS)).toBeNull();
    expect(restoreCart(undefined, PARIS)).toBeNull();
    expect(restoreCart('{"version":1,', PARIS)).toBeNull();
    expect(restoreCart({ ...savedCart(), version: 3 }, PARIS)).toBeNull();
    const { version: _, ...unversioned } = savedCart();
    expect(restoreCart(unversioned, PARIS)).toBeNull();
  });

  it('CART-01 a line saved before it said whether it is a subscription reads it from its item as saved', () => {
    const monthly = subscriptionItem();
    const once = { ...monthly, paymentOptions: { ...monthly.paymentOptions, allowSubscription: false } };
    const line = (item: typeof monthly, id: string) => {
      const { isSubscription: _, ...saved } = cartItemOf(
        { item, quantity: 1, delivery: 'DEMATERIALIZED', startMonth: '2026-12' },
        id,
      );
      return saved;
    };
    const restored = (item: typeof monthly) =>
      restoreCart({ ...savedCart(), items: [line(item, 'a')] }, PARIS)?.items[0]?.isSubscription;
    expect(restored(monthly)).toBe(true);
    expect(restored(once)).toBe(false);
  });

  it('CART-01 a saved cart that breaks the cart’s rules is dropped whole', () => {
    const [line] = savedCart().items;
    if (!line) throw new Error('the saved cart has a line');
    const tooMany = { ...line, quantity: line.item.articleQuantityMax + 1 };
    expect(restoreCart(savedCart({ items: [tooMany] }), PARIS)).toBeNull();
    expect(restoreCart(savedCart({ items: [line, { ...line }] }), PARIS)).toBeNull();
    const monthly = shopItem({ pivotType: 'MONTH_PIVOT', pivotValue: 1, startProposals: 3 });
    const noStart = cartItemOf({ item: monthly, quantity: 1, delivery: 'DEMATERIALIZED' }, 'line-2');
    expect(restoreCart(savedCart({ items: [noStart] }), PARIS)).toBeNull();
    expect(restoreCart(savedCart({ vouchers: ['AB'] }), PARIS)).toBeNull();
    expect(restoreCart({ ...savedCart(), items: [{ ...line, item: { shopItemId: 1 } }] }, PARIS)).toBeNull();
  });

  it('CART-01 a cart kept in the first format keeps every line: a day or week start read back as the day and time chosen', () => {
    const week = shopItem({ pivotType: 'WEEK_PIVOT', pivotValue: 1, startProposals: 4 });
    const day = shopItem({ pivotType: 'DAY_PIVOT', pivotValue: 1, startProposals: 30 });
    const month = shopItem({ pivotType: 'MONTH_PIVOT', pivotValue: 1, startProposals: 3 });
    const single = shopItem();
    const firstFormatLine = (
      id: string,
      item: typeof week,
      start: { startMonth?: string; startingAt?: string },
    ) => {
      const {
        startDate: _date,
        startTime: _time,
        startOffset: _offset,
        ...line
      } = cartItemOf({ item, quantity: 1, delivery: 'DEMATERIALIZED' }, id);
      return { ...line, startMonth: start.startMonth ?? null, startingAt: start.startingAt ?? null };
    };
    const kept = {
      ...savedCart(),
      version: 1,
      items: [
        // Monday 30 March 2026, 00:00 in Paris (summer time).
        firstFormatLine('line-1', week, { startingAt: '2026-03-29T22:00:00.000Z' }),
        // 25 October 2026, 02:15 the second time (UTC+1), and 10:15.
        firstFormatLine('line-2', day, { startingAt: '2026-10-25T01:15:00.000Z' }),
        firstFormatLine('line-3', day, { startingAt: '2026-10-25T09:15:00.000Z' }),
        firstFormatLine('line-4', month, { startMonth: '2026-11' }),
        firstFormatLine('line-5', single, {}),
      ],
    };
    const restored = restoreCart(JSON.stringify(kept), PARIS);
    expect(restored?.version).toBe(CART_STORAGE_VERSION);
    expect(
      restored?.items.map((line) => [
        line.id,
        line.startMonth,
        line.startDate,
        line.startTime,
        line.startOffset,
      ]),
    ).toEqual([
      ['line-1', null, '2026-03-30', null, null],
      ['line-2', null, '2026-10-25', '02:15', '+01:00'],
      ['line-3', null, '2026-10-25', '10:15', null],
      ['line-4', '2026-11', null, null, null],
      ['line-5', null, null, null, null],
    ]);
    expect(restored?.vouchers).toEqual(['SPRING']);
    expect(restored).not.toHaveProperty('items.0.startingAt');
    // A zone this runtime does not know cannot read it: nothing is guessed.
    expect(restoreCart(kept, 'Mars/Olympus')).toBeNull();
  });
});
