import { NO_START } from '@transit-shop/sdk/catalogue/start-dates';
import {
  DISCOUNT_TYPES,
  orderArticleSchema,
  VOUCHER_CODE_MAX_LENGTH,
} from '@transit-shop/sdk/contract/order';
import { describe, expect, it } from 'vitest';
import {
  addRefusalOf,
  cartItemOf,
  cartTotals,
  linesAfterAdd,
  linesAfterRemove,
  readVoucherCode,
} from './cart-rules.ts';
import { discount, shopFor, shopItem, subscriptionItem, visitor } from './cart-test-items.ts';
import { articleStartOf } from './cart-types.ts';
import { orderArticleOf, verifyOrderInputOf } from './verify-order.ts';

describe('cart rules', () => {
  it('CART-02 CART-03 an add joins the first identical line with room, else makes a line', () => {
    const ticket = shopItem({ articleQuantityMax: 4 });
    const full = cartItemOf({ item: ticket, quantity: 4, delivery: 'DEMATERIALIZED' }, 'a');
    const roomy = cartItemOf({ item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' }, 'b');
    const after = linesAfterAdd(
      [full, roomy],
      { item: ticket, quantity: 3, delivery: 'DEMATERIALIZED' },
      'c',
    );
    expect(after.map((line) => [line.id, line.quantity])).toEqual([
      ['a', 4],
      ['b', 4],
    ]);
    const more = linesAfterAdd(after, { item: ticket, quantity: 1, delivery: 'DEMATERIALIZED' }, 'c');
    expect(more.map((line) => [line.id, line.quantity])).toEqual([
      ['a', 4],
      ['b', 4],
      ['c', 1],
    ]);
  });

  it('a traveller’s tickets sent by post share one new card: a second add brings none, and removing its line hands it on', () => {
    const newCard = shopItem({ supports: ['PHYSICAL'], tags: 'eshop_physical_pass' });
    const pass = shopItem({ articleQuantityMax: 1 });
    const carnet = shopItem();
    const onNewCard = { delivery: 'PHYSICAL', mediaId: null, option: newCard } as const;
    const first = linesAfterAdd([], { item: pass, quantity: 1, profile: 7, ...onNewCard }, 'a');
    const lines = linesAfterAdd(first, { item: carnet, quantity: 1, profile: 7, ...onNewCard }, 'b');
    // Another traveller gets a card of their own.
    const other = linesAfterAdd(lines, { item: carnet, quantity: 1, profile: 31, ...onNewCard }, 'c');
    expect(other.map((line) => [line.id, line.profile, line.option?.shopItemId ?? null])).toEqual([
      ['a', 7, newCard.shopItemId],
      ['b', 7, null],
      ['c', 31, newCard.shopItemId],
    ]);
    expect(linesAfterRemove(other, 'a').map((line) => [line.id, line.option?.shopItemId ?? null])).toEqual([
      ['b', newCard.shopItemId],
      ['c', newCard.shopItemId],
    ]);
    // A line on a card the buyer holds does not take it.
    const held = linesAfterAdd(
      first,
      { item: carnet, quantity: 1, profile: 7, delivery: 'PHYSICAL', mediaId: 41 },
      'd',
    );
    expect(linesAfterRemove(held, 'a').map((line) => [line.id, line.option])).toEqual([['d', null]]);
  });

  it('CART-07 a subscription alone in the cart is accepted', () => {
    const draft = {
      item: subscriptionItem(),
      quantity: 1,
      delivery: 'DEMATERIALIZED',
      startMonth: '2026-12',
      isSubscription: true,
    } as const;
    expect(addRefusalOf([], draft, shopFor(visitor))).toBeNull();
  });

  it('refusals come in the order the server checks an article, so both name the same problem', () => {
    const card = shopItem({ maxBuyAtOnce: true, supports: ['PHYSICAL'] });
    const inCart = cartItemOf({ item: card, quantity: 1, delivery: 'PHYSICAL' }, 'a');
    // Wrong support before quantity, quantity before the second add.
    expect(
      addRefusalOf([inCart], { item: card, quantity: 0, delivery: 'DEMATERIALIZED' }, shopFor(visitor))?.code,
    ).toBe('SUPPORT_NOT_OFFERED');
    expect(
      addRefusalOf([inCart], { item: card, quantity: 0, delivery: 'PHYSICAL' }, shopFor(visitor))?.code,
    ).toBe('WRONG_QUANTITY');
    expect(
      addRefusalOf([inCart], { item: card, quantity: 1, delivery: 'PHYSICAL' }, shopFor(visitor))?.code,
    ).toBe('PRODUCT_ALREADY_IN_CART');
  });

  it('VOUCH-01 a voucher code: at least 4 characters, trimmed, at most the contract’s longest', () => {
    expect(readVoucherCode('  SPRING26 ')).toEqual({ code: 'SPRING26' });
    expect(readVoucherCode('ABCD')).toEqual({ code: 'ABCD' });
    expect(readVoucherCode('ABC')).toEqual({ issue: { message: 'validation.voucher.minLength' } });
    expect(readVoucherCode('')).toEqual({ issue: { message: 'validation.required' } });
    expect(readVoucherCode('X'.repeat(VOUCHER_CODE_MAX_LENGTH + 1))).toEqual({
      issue: { message: 'validation.maxLength', maximum: VOUCHER_CODE_MAX_LENGTH },
    });
  });

  it('VOUCH-03 VOUCH-04 totals: the verified total, what the applied discounts take off, and the sum before them', () => {
    const applied = DISCOUNT_TYPES.map((type, index) => ({
      ...discount(`CODE${index}`, 10 * (index + 1)),
      type,
    }));
    expect(cartTotals([...applied, discount('BAD1', 0, 'VOUCHER_INACTIVE')], 850)).toEqual({
      subtotal: 1000,
      discount: 150,
      total: 850,
    });
    expect(cartTotals([], 0)).toEqual({ subtotal: 0, discount: 0, total: 0 });
  });
});

describe('order articles', () => {
  it('a line becomes the article Order/verify.json reads, without a price', () => {
    const pass = shopItem({ pivotType: 'DAY_PIVOT', pivotValue: 7, startProposals: 30 });
    const card = shopItem({ supports: ['PHYSICAL'], tags: 'hidden' });
    const line = cartItemOf(
      {
        item: pass,
        quantity: 2,
        delivery: 'PHYSICAL',
        profile: 7,
        option: card,
        mediaId: 12,
        startDate: '2026-12-01',
        startTime: '08:15',
        fields: { school: 'Ampère' },
        documents: [31],
      },
      'line-1',
    );
    const article = orderArticleOf(line);
    expect(article).toEqual({
      shopItemId: pass.shopItemId,
      quantity: 2,
      customerId: 7,
      optionShopItemId: card.shopItemId,
      support: 'PHYSICAL',
      isSubscription: false,
      mediaId: 12,
      startMonth: null,
      startDate: '2026-12-01',
      startTime: '08:15',
      startOffset: null,
      fields: { school: 'Ampère' },
      documents: [31],
    });
    // The contract's own schema takes it as it is.
    expect(orderArticleSchema.parse(article)).toEqual(article);
    expect(verifyOrderInputOf({ items: [line], vouchers: ['SPRING'] })).toEqual({
      articles: [article],
      vouchers: ['SPRING'],
    });
  });

  it('a line bought as a subscription is sent as one; the same item bought for one period is not', () => {
    const draft = {
      item: subscriptionItem(),
      quantity: 1,
      delivery: 'DEMATERIALIZED',
      startMonth: '2026-12',
    } as const;
    expect(orderArticleOf(cartItemOf({ ...draft, isSubscription: true }, 'line-1'))).toMatchObject({
      isSubscription: true,
      startMonth: '2026-12',
      startDate: null,
    });
    expect(orderArticleOf(cartItemOf(draft, 'line-2')).isSubscription).toBe(false);
  });

  it('PIVOT-03 the start of an article follows its pivot, or cannot be computed', () => {
    const month = { pivotType: 'MONTH_PIVOT' } as const;
    const week = { pivotType: 'WEEK_PIVOT' } as const;
    const day = { pivotType: 'DAY_PIVOT' } as const;
    const none = { pivotType: null };
    expect(articleStartOf({ item: month, startMonth: '2026-12' })).toEqual({
      ...NO_START,
      startMonth: '2026-12',
    });
    expect(articleStartOf({ item: month, startMonth: null })).toBeNull();
    expect(articleStartOf({ item: month, startMonth: '2026-12-01' })).toBeNull();
    expect(articleStartOf({ item: week, startDate: '2026-12-07', startTime: '10:00' })).toEqual({
      ...NO_START,
      startDate: '2026-12-07',
    });
    expect(articleStartOf({ item: week, startDate: '7 December' })).toBeNull();
    expect(
      articleStartOf({ item: day, startDate: '2026-10-25', startTime: '02:15', startOffset: '+01:00' }),
    ).toEqual({ ...NO_START, startDate: '2026-10-25', startTime: '02:15', startOffset: '+01:00' });
    expect(articleStartOf({ item: day, startDate: '2026-10-25' })).toBeNull();
    expect(articleStartOf({ item: day, startDate: '2026-10-25', startTime: 'soon' })).toBeNull();
    expect(articleStartOf({ item: none, startMonth: '2026-12', startDate: 'x' })).toEqual(NO_START);
  });
});
