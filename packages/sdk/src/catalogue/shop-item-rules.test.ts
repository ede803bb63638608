import { describe, expect, it } from 'vitest';
import type { ShopItem } from '../contract/catalogue.ts';
import { renewalIntervalOf, shopItemRuleIssues } from './shop-item-rules.ts';
import { shopItem } from './test-support/shop-items.ts';

/** The issues of an item as `path: message` lines. */
const issuesOf = (fields: Partial<ShopItem>) =>
  shopItemRuleIssues(shopItem(fields)).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const monthly = { pivotType: 'MONTH_PIVOT', pivotValue: 1, startProposals: 3 } as const;

describe('rules across the fields of a shop item', () => {
  it('accepts a plain ticket and a monthly pass sold as a subscription', () => {
    expect(issuesOf({})).toEqual([]);
    expect(
      issuesOf({
        ...monthly,
        isRenewable: true,
        paymentOptions: { installments: [1], paymentMethods: ['CARD', 'TRANSFER'], allowSubscription: true },
      }),
    ).toEqual([]);
  });

  it('refuses a minimum quantity above the maximum', () => {
    expect(issuesOf({ articleQuantityMin: 5, articleQuantityMax: 2 })).toEqual([
      'articleQuantityMin: articleQuantityMin 5 is above articleQuantityMax 2',
    ]);
    expect(issuesOf({ articleQuantityMin: 3, articleQuantityMax: 3 })).toEqual([]);
  });

  it('CART-08 refuses an item bought once per order whose minimum quantity is above one', () => {
    expect(issuesOf({ maxBuyAtOnce: true, articleQuantityMin: 2, articleQuantityMax: 4 })).toEqual([
      'articleQuantityMin: a maxBuyAtOnce item is bought one at a time: articleQuantityMin must be 1, not 2',
    ]);
    expect(issuesOf({ maxBuyAtOnce: true, articleQuantityMax: 4 })).toEqual([]);
  });

  it('refuses a promo price that is not below the price', () => {
    expect(issuesOf({ shopItemPrice: 1000, shopItemPromoPrice: 1200 })).toEqual([
      'shopItemPromoPrice: the promo price 1200 must be lower than the price 1000',
    ]);
    expect(issuesOf({ shopItemPrice: 1000, shopItemPromoPrice: 1000 })).toHaveLength(1);
    expect(issuesOf({ shopItemPrice: 1000, shopItemPromoPrice: 800 })).toEqual([]);
  });

  it('refuses pivot values that make no sense', () => {
    expect(issuesOf({ pivotType: 'DAY_PIVOT', pivotValue: 0, startProposals: 7 })).toEqual([
      'pivotValue: a DAY_PIVOT validity is 1 to 366 days, not 0',
    ]);
    expect(issuesOf({ pivotType: 'MONTH_PIVOT', pivotValue: 36, startProposals: 3 })).toEqual([
      'pivotValue: a MONTH_PIVOT validity is 1 to 24 months, not 36',
    ]);
    expect(issuesOf({ pivotType: 'WEEK_PIVOT', pivotValue: null, startProposals: 2 })).toEqual([
      'pivotValue: a WEEK_PIVOT item needs a pivotValue: its validity in weeks',
    ]);
    expect(issuesOf({ pivotValue: 1 })).toEqual([
      'pivotValue: a pivotValue needs a pivotType (DAY_PIVOT, WEEK_PIVOT or MONTH_PIVOT)',
    ]);
  });

  it('refuses invalid start proposals', () => {
    expect(issuesOf({ startProposals: 3 })).toEqual([
      'startProposals: start proposals need a pivotType: without one the validity starts at purchase',
    ]);
    expect(issuesOf({ ...monthly, startProposals: null })).toEqual([
      'startProposals: a MONTH_PIVOT item needs startProposals: how many months of start dates are proposed (1 to 12)',
    ]);
    expect(issuesOf({ ...monthly, startProposals: 0 })).toEqual([
      'startProposals: a MONTH_PIVOT item proposes 1 to 12 months of start dates, not 0',
    ]);
    expect(issuesOf({ pivotType: 'DAY_PIVOT', pivotValue: 1, startProposals: 91 })).toEqual([
      'startProposals: a DAY_PIVOT item proposes 1 to 90 days of start dates, not 91',
    ]);
  });

  it('a subscription item takes a validity of 7 days, 14 days, 1 month, 6 months or 1 year', () => {
    expect(renewalIntervalOf('WEEK_PIVOT', 1)).toBe('P7D');
    expect(renewalIntervalOf('DAY_PIVOT', 14)).toBe('P14D');
    expect(renewalIntervalOf('MONTH_PIVOT', 1)).toBe('P1M');
    expect(renewalIntervalOf('MONTH_PIVOT', 6)).toBe('P6M');
    expect(renewalIntervalOf('MONTH_PIVOT', 12)).toBe('P1Y');
    expect(renewalIntervalOf('MONTH_PIVOT', 3)).toBeNull();
    expect(renewalIntervalOf(null, null)).toBeNull();
    const subscription = { installments: [1], paymentMethods: ['CARD' as const], allowSubscription: true };
    expect(issuesOf({ ...monthly, pivotValue: 3, paymentOptions: subscription })).toEqual([
      'paymentOptions.allowSubscription: a subscription renews every 7 days, 14 days, 1 month, 6 months or 1 year (P7D, P14D, P1M, P6M, P1Y): MONTH_PIVOT 3 has no such period',
    ]);
    expect(issuesOf({ paymentOptions: subscription })).toHaveLength(1);
  });

  it('refuses payment methods the e-shop does not take, and repeated options', () => {
    expect(
      issuesOf({
        paymentOptions: {
          installments: [1, 3, 3],
          paymentMethods: ['CARD', 'CASH'],
          allowSubscription: false,
        },
      }),
    ).toEqual([
      'paymentOptions.installments.2: 3 instalments is listed twice',
      'paymentOptions.paymentMethods.1: CASH is not a payment method of the e-shop (CARD, or TRANSFER where the network enables it)',
    ]);
  });

  it('reports an item without supports, and an app support its products cannot be delivered on', () => {
    expect(issuesOf({ supports: [] })).toEqual([
      'supports: no support: the item would never be shown (CAT-02)',
    ]);
    expect(
      issuesOf({
        supports: ['DEMATERIALIZED', 'DEMATERIALIZED'],
        products: [
          { productId: 1, quantity: 1, dematerialized: true },
          { productId: 2, quantity: 1, dematerialized: false },
        ],
      }),
    ).toEqual([
      'supports.1: support DEMATERIALIZED is listed twice',
      'products.1.dematerialized: product 2 does not exist on the app, yet the item offers the DEMATERIALIZED support',
    ]);
  });

  it('refuses a renewable item without a validity, card tags without the card support, and reversed ages', () => {
    expect(issuesOf({ isRenewable: true })).toEqual([
      'isRenewable: a renewable item needs a pivot: a validity to follow on from',
    ]);
    expect(issuesOf({ supports: ['DEMATERIALIZED'], tags: 'eshop_collect' })).toEqual([
      'tags: the tag eshop_collect needs the PHYSICAL support',
    ]);
    expect(issuesOf({ conditions: { text: null, minAge: 65, maxAge: 25 } })).toEqual([
      'conditions.minAge: minAge 65 is above maxAge 25',
    ]);
  });

  it('checks the additional information fields', () => {
    const field = { help: null, required: true, options: [], maxLength: null, min: null, max: null };
    expect(
      issuesOf({
        fields: [
          { ...field, id: 'school', type: 'SELECT', label: 'School' },
          { ...field, id: 'school', type: 'TEXT', label: 'Other', options: [{ value: 'a', label: 'A' }] },
          { ...field, id: 'plate', type: 'NUMBER', label: 'Plate', maxLength: 9, min: 9, max: 1 },
        ],
      }),
    ).toEqual([
      'fields.1.id: field id "school" is used twice',
      'fields.0.options: a SELECT field needs options to choose from',
      'fields.1.options: only a SELECT field has options, not a TEXT field',
      'fields.2.maxLength: only a TEXT field has a maxLength, not a NUMBER field',
      'fields.2.min: min 9 is above max 1',
    ]);
  });
});
