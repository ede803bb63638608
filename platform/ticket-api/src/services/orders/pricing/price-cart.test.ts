import type { OrderArticle } from '@transit-shop/sdk/contract/order';
import { orderArticleSchema } from '@transit-shop/sdk/contract/order';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { catalogueShopItemFileSchema } from '@transit-shop/tenancy';
import { describe, expect, it } from 'vitest';
import { type PriceCartInput, priceCart } from './price-cart.ts';

const NOW = new Date('2026-11-23T09:00:00Z'); // a Monday, 10:00 in Paris

const item = (fields: Record<string, unknown>) =>
  catalogueShopItemFileSchema.parse({
    category: 'tickets',
    name: { en: 'Item' },
    supports: ['PHYSICAL', 'DEMATERIALIZED'],
    products: [{ productId: Number(fields.shopItemId) + 5000, dematerialized: true }],
    shopItemPrice: 1000,
    vatRate: 1000,
    ...fields,
  });

const CATALOGUE = [
  item({ shopItemId: 1, shopItemPrice: 250 }),
  item({ shopItemId: 2, paymentOptions: { installments: [3, 6], paymentMethods: ['CARD'] } }),
  item({ shopItemId: 3, paymentOptions: { installments: [1], paymentMethods: ['TRANSFER'] } }),
  item({ shopItemId: 4, supports: [] }),
  item({
    shopItemId: 5,
    fields: [
      { id: 'age', type: 'NUMBER', label: { en: 'Age' }, min: 4, max: 25 },
      { id: 'birthday', type: 'DATE', label: { en: 'Birthday' } },
      { id: 'consent', type: 'CHECKBOX', label: { en: 'Consent' }, required: true },
    ],
  }),
  item({ shopItemId: 6, pivotType: 'WEEK_PIVOT', pivotValue: 1, startProposals: 2 }),
  item({ shopItemId: 7, pivotType: 'DAY_PIVOT', pivotValue: 1, startProposals: 2 }),
  item({ shopItemId: 8, shopItemPrice: 99_999_999, articleQuantityMax: 99 }),
  item({ shopItemId: 9, shopItemPrice: 1000, shopItemPromoPrice: 800 }),
];

const network = (
  config: Partial<PriceCartInput['network']['network']['config']> = {},
): PriceCartInput['network'] => ({
  catalogue: { categories: [], fareProducts: [], rates: [], documentTypes: [], shopItems: CATALOGUE },
  network: {
    config: {
      multiple_payment_installments: [1, 3, 6],
      payment: { transfer_enabled: true },
      has_subscriptions: true,
      timeZone: 'Europe/Paris',
      ...config,
    },
  },
});

const article = (fields: Record<string, unknown>): OrderArticle =>
  orderArticleSchema.parse({ quantity: 1, support: 'PHYSICAL', ...fields });

const price = (articles: OrderArticle[], options: Partial<PriceCartInput> = {}) =>
  priceCart({
    network: network(),
    articles,
    shippingFeeShopItemId: null,
    viewer: { guest: false, signInDriver: null },
    now: NOW,
    ...options,
  });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error))
      return `${error.code} ${error.details?.issues?.map((issue) => issue.path).join(',')}`;
    throw error;
  }
  return undefined;
}

describe('priceCart', () => {
  it('prices each unit at the promo price while one runs', () => {
    const cart = price([article({ shopItemId: 9, quantity: 3 })]);
    expect(cart.lines[0]).toMatchObject({ unitPrice: 800, amount: 2400, productIds: [5009] });
    expect(cart.subtotalAmount).toBe(2400);
  });

  it('CART-09 PAY-04 refuses articles with no instalment count in common, and with no payment method in common', () => {
    expect(codeOf(() => price([article({ shopItemId: 1 }), article({ shopItemId: 2 })]))).toBe(
      'INCOMPATIBLE_INSTALLMENTS articles',
    );
    expect(codeOf(() => price([article({ shopItemId: 2 }), article({ shopItemId: 3 })]))).toBe(
      'INCOMPATIBLE_INSTALLMENTS articles',
    );
    expect(codeOf(() => price([article({ shopItemId: 1 }), article({ shopItemId: 3 })]))).toBe(
      'INCOMPATIBLE_PAYMENT_METHODS articles',
    );
    expect(price([article({ shopItemId: 2 })]).paymentOptions).toEqual({
      installments: [3, 6],
      paymentMethods: ['CARD'],
    });
  });

  it('NET-04 NET-05 keeps only the instalments and methods the network offers', () => {
    expect(
      codeOf(() =>
        price([article({ shopItemId: 3 })], { network: network({ payment: { transfer_enabled: false } }) }),
      ),
    ).toBe('INCOMPATIBLE_PAYMENT_METHODS articles');
    expect(
      codeOf(() =>
        price([article({ shopItemId: 2 })], { network: network({ multiple_payment_installments: [1, 10] }) }),
      ),
    ).toBe('INCOMPATIBLE_INSTALLMENTS articles');
  });

  it('CAT-02 refuses an item left without supports', () => {
    expect(codeOf(() => price([article({ shopItemId: 4 })]))).toBe('SUPPORT_NOT_OFFERED articles.0.support');
  });

  it('refuses the app support to a FranceConnect viewer', () => {
    const viewer = { guest: false, signInDriver: 'FRANCECONNECT' as const };
    expect(codeOf(() => price([article({ shopItemId: 1, support: 'DEMATERIALIZED' })], { viewer }))).toBe(
      'SUPPORT_NOT_OFFERED articles.0.support',
    );
    expect(price([article({ shopItemId: 1 })], { viewer }).subtotalAmount).toBe(250);
  });

  it('CART-12 checks numbers against their bounds, dates and a required checkbox', () => {
    const fields = (values: Record<string, unknown>) => article({ shopItemId: 5, fields: values });
    expect(price([fields({ age: 12, birthday: '2014-02-28', consent: true })]).subtotalAmount).toBe(1000);
    expect(codeOf(() => price([fields({ age: 3, consent: true })]))).toBe(
      'ARTICLE_FIELDS_INVALID articles.0.fields.age',
    );
    expect(codeOf(() => price([fields({ age: '12', consent: true })]))).toBe(
      'ARTICLE_FIELDS_INVALID articles.0.fields.age',
    );
    expect(codeOf(() => price([fields({ birthday: '2014-02-30', consent: true })]))).toBe(
      'ARTICLE_FIELDS_INVALID articles.0.fields.birthday',
    );
    expect(codeOf(() => price([fields({ consent: false })]))).toBe(
      'ARTICLE_FIELDS_INVALID articles.0.fields.consent',
    );
  });

  it('PIVOT-04 a week pivot starts on a proposed Monday; PIVOT-01 a day pivot on a slot from now on', () => {
    const week = (startDate: string) => article({ shopItemId: 6, startDate });
    expect(price([week('2026-11-30')]).subtotalAmount).toBe(1000);
    expect(price([week('2026-11-23')]).subtotalAmount).toBe(1000);
    expect(codeOf(() => price([week('2026-12-07')]))).toBe('ARTICLE_START_DATE articles.0.startDate');
    expect(codeOf(() => price([week('2026-11-24')]))).toBe('ARTICLE_START_DATE articles.0.startDate');
    const day = (startDate: string, startTime: string) => article({ shopItemId: 7, startDate, startTime });
    expect(price([day('2026-11-24', '23:45')]).subtotalAmount).toBe(1000);
    expect(codeOf(() => price([day('2026-11-23', '09:45')]))).toBe('ARTICLE_START_DATE articles.0.startDate');
    expect(codeOf(() => price([day('2026-11-25', '00:00')]))).toBe('ARTICLE_START_DATE articles.0.startDate');
  });

  it("refuses an option that is the article itself, or one not offered on the article's support", () => {
    expect(codeOf(() => price([article({ shopItemId: 1, optionShopItemId: 1 })]))).toBe(
      'SHOP_ITEM_NOT_OFFERED articles.0.optionShopItemId',
    );
    expect(
      codeOf(() => price([article({ shopItemId: 1, support: 'DEMATERIALIZED', optionShopItemId: 4 })])),
    ).toBe('SUPPORT_NOT_OFFERED articles.0.optionShopItemId');
  });

  it('refuses an order above the largest amount a price can hold', () => {
    expect(codeOf(() => price([article({ shopItemId: 8, quantity: 2 })]))).toBe(
      'ORDER_AMOUNT_TOO_LARGE articles',
    );
  });
});
