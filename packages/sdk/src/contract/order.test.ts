import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/error-codes.ts';
import { fieldIssues } from '../validation/field-issues.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import {
  areVouchersValid,
  computeAmountCall,
  DISCOUNT_TYPES,
  ORDER_CALLS,
  orderArticleSchema,
  VOUCHER_ERROR_CODES,
  verifyOrderCall,
} from './order.ts';

const article = { shopItemId: 1101, quantity: 2, support: 'DEMATERIALIZED' };

describe('order contracts', () => {
  it('the order calls are POST with a JSON body, never cached; only redeeming needs a session', () => {
    expect(
      Object.values(ORDER_CALLS).map((call) => [
        call.path,
        call.method,
        call.encoding,
        call.cacheable,
        call.authenticated,
      ]),
    ).toEqual([
      ['Order/verify.json', 'POST', 'json', false, false],
      ['Order/computeAmount.json', 'POST', 'json', false, false],
      ['Order/redeemVoucher.json', 'POST', 'json', false, true],
    ]);
    expect(verifyOrderCall.networkField).toBe('networkId');
  });

  it('a verify request carries articles, networkId and vouchers, and no price', () => {
    const parsed = verifyOrderCall.request.parse({
      networkId: 101,
      articles: [article],
      vouchers: ['SPRING'],
    });
    expect(parsed.articles[0]).toEqual({
      ...article,
      customerId: null,
      optionShopItemId: null,
      isSubscription: false,
      mediaId: null,
      startMonth: null,
      startDate: null,
      startTime: null,
      startOffset: null,
      fields: {},
      documents: [],
    });
    const priced = orderArticleSchema.safeParse({ ...article, shopItemPrice: 1 });
    expect(priced.success).toBe(false);
  });

  it('VOUCH-01 a voucher code has at least 4 characters', () => {
    const result = verifyOrderCall.request.safeParse({
      networkId: 101,
      articles: [article],
      vouchers: ['ABC'],
    });
    expect(result.success ? [] : fieldIssues(result.error, {})).toEqual([
      { path: 'vouchers.0', message: VALIDATION_MESSAGES.voucherMinLength, params: { minimum: 4 } },
    ]);
  });

  it('refuses an empty cart and a quantity below 1', () => {
    expect(verifyOrderCall.request.safeParse({ networkId: 101, articles: [] }).success).toBe(false);
    expect(
      verifyOrderCall.request.safeParse({ networkId: 101, articles: [{ ...article, quantity: 0 }] }).success,
    ).toBe(false);
  });

  it('PAY-02 computeAmount defaults to one card payment', () => {
    const parsed = computeAmountCall.request.parse({ networkId: 101, articles: [article] });
    expect([parsed.installments, parsed.paymentMethod]).toEqual([1, 'CARD']);
  });

  it('VOUCH-02 VOUCH-03 each voucher error has its own code in the catalogue, and the five discount types exist', () => {
    expect(VOUCHER_ERROR_CODES.every((code) => code in ERROR_CODES)).toBe(true);
    expect(new Set(VOUCHER_ERROR_CODES.map((code) => ERROR_CODES[code].message)).size).toBe(6);
    expect(DISCOUNT_TYPES).toEqual(['AMOUNT', 'RATIO', 'ARTICLE_AMOUNT', 'ARTICLE_RATIO', 'GIFT']);
  });

  it('CART-10 the cart is valid for vouchers only if every voucher has a discount without error', () => {
    const ok = { sourceCode: 'SPRING', error: null };
    const failed = { sourceCode: 'WINTER', error: { code: 'VOUCHER_EXPIRED', message: 'Voucher expired' } };
    expect(areVouchersValid([], [])).toBe(true);
    expect(areVouchersValid(['SPRING'], [ok])).toBe(true);
    expect(areVouchersValid(['SPRING', 'WINTER'], [ok, failed])).toBe(false);
    expect(areVouchersValid(['SPRING', 'OTHER'], [ok])).toBe(false);
  });
});
