import { describe, expect, it } from 'vitest';
import type { VoucherState } from '../../vouchers/find-vouchers.ts';
import { normaliseVoucherCode } from '../../vouchers/sync-vouchers.ts';
import { applyVouchers, splitInProportion } from './apply-vouchers.ts';
import type { PricedLine } from './price-cart.ts';

const NOW = new Date('2026-11-23T09:00:00Z');

const line = (shopItemId: number, unitPrice: number, quantity: number): PricedLine => ({
  kind: 'ARTICLE',
  articleIndex: 0,
  shopItemId,
  productIds: [],
  quantity,
  unitPrice,
  amount: unitPrice * quantity,
});

const voucher = (code: string, fields: Partial<VoucherState>): VoucherState => ({
  code,
  label: code,
  type: 'AMOUNT',
  value: 100,
  shopItemIds: [],
  minimumAmount: 0,
  combinable: true,
  active: true,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  uses: 0,
  customerUses: null,
  ...fields,
});

const apply = (lines: PricedLine[], vouchers: VoucherState[], codes = vouchers.map((v) => v.code)) =>
  applyVouchers({
    lines,
    codes,
    vouchers: new Map(vouchers.map((v) => [v.code, v])),
    normalise: normaliseVoucherCode,
    now: NOW,
  });

const LINES = [line(1, 190, 3), line(2, 450, 2), line(3, 1650, 1)];

describe('applyVouchers', () => {
  it('VOUCH-03 AMOUNT takes its amount off the applicable lines together, at most what is left of them', () => {
    expect(apply(LINES, [voucher('FIVE', { value: 500 })]).discountAmount).toBe(500);
    const capped = apply(LINES, [voucher('HUGE', { value: 100_000, shopItemIds: [2] })]);
    expect([capped.discountAmount, capped.lineDiscounts]).toEqual([900, [0, 900, 0]]);
  });

  it('VOUCH-03 RATIO takes its share of the applicable lines together, rounded down', () => {
    // 12.5 % of 31.20 is 3.90.
    const result = apply(LINES, [voucher('RATIO', { type: 'RATIO', value: 1250 })]);
    expect(result.discountAmount).toBe(390);
    expect(result.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(390);
    // 10 % of 5.70 is 0.57.
    expect(
      apply(LINES, [voucher('R', { type: 'RATIO', value: 1000, shopItemIds: [1] })]).lineDiscounts,
    ).toEqual([57, 0, 0]);
  });

  it('VOUCH-03 ARTICLE_AMOUNT takes its amount off each unit, at most the unit price', () => {
    const result = apply(LINES, [voucher('EACH', { type: 'ARTICLE_AMOUNT', value: 200 })]);
    expect(result.lineDiscounts).toEqual([570, 400, 200]);
  });

  it('VOUCH-03 ARTICLE_RATIO takes its share of each unit price, rounded down per unit', () => {
    const result = apply(LINES, [voucher('QUARTER', { type: 'ARTICLE_RATIO', value: 2500 })]);
    // 47.5 → 47 × 3, 112.5 → 112 × 2, 412.5 → 412.
    expect(result.lineDiscounts).toEqual([141, 224, 412]);
  });

  it('VOUCH-03 GIFT makes that many units free, the cheapest first, across lines', () => {
    const result = apply(LINES, [voucher('GIFT4', { type: 'GIFT', value: 4 })]);
    expect(result.lineDiscounts).toEqual([570, 450, 0]);
    const only = apply(LINES, [voucher('GIFT', { type: 'GIFT', value: 1, shopItemIds: [3] })]);
    expect(only.lineDiscounts).toEqual([0, 0, 1650]);
  });

  it('VOUCH-02 checks in order: not found, inactive, expired, limit reached, inapplicable, not applied', () => {
    const errors = apply(
      LINES,
      [
        voucher('OFF', { active: false, validUntil: new Date('2020-01-01') }),
        voucher('SOON', { validFrom: new Date('2027-01-01') }),
        voucher('PAST', { validUntil: NOW, maxUses: 1, uses: 1 }),
        voucher('USED', { maxUses: 1, uses: 1, shopItemIds: [99] }),
        voucher('MINE', { maxUsesPerCustomer: 2, customerUses: 2 }),
        voucher('ELSEWHERE', { shopItemIds: [99], minimumAmount: 999_999 }),
        voucher('BIG', { minimumAmount: 3121 }),
      ],
      ['NONE', 'OFF', 'SOON', 'PAST', 'USED', 'MINE', 'ELSEWHERE', 'BIG'],
    ).discounts.map((d) => d.error?.code);
    expect(errors).toEqual([
      'VOUCHER_NOT_FOUND',
      'VOUCHER_INACTIVE',
      'VOUCHER_INACTIVE',
      'VOUCHER_EXPIRED',
      'VOUCHER_LIMIT_REACHED',
      'VOUCHER_LIMIT_REACHED',
      'VOUCHER_INAPPLICABLE',
      'VOUCHER_NOT_APPLIED',
    ]);
  });

  it('a per-customer limit is not checked while the customer is unknown', () => {
    expect(
      apply(LINES, [voucher('MINE', { maxUsesPerCustomer: 1, customerUses: null })]).discounts[0]?.error,
    ).toBeNull();
  });

  it('applies each voucher to what the previous ones left, and never below zero', () => {
    const result = apply(
      [line(1, 300, 1)],
      [
        voucher('A', { value: 200 }),
        voucher('B', { type: 'RATIO', value: 5000 }),
        voucher('C', { value: 500 }),
      ],
    );
    expect(result.discounts.map((d) => [d.amount, d.error?.code ?? null])).toEqual([
      [200, null],
      [50, null],
      [50, null],
    ]);
    expect(result.discountAmount).toBe(300);
  });
});

describe('splitInProportion', () => {
  it('splits exactly, rounding down and giving the units left to the largest remainders', () => {
    expect(splitInProportion(500, [570, 676, 1450, 6500])).toEqual([31, 37, 79, 353]);
    expect(splitInProportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(splitInProportion(0, [5, 5])).toEqual([0, 0]);
    const large = splitInProportion(99_999_999, [99_999_999, 99_999_998, 3]);
    expect(large.reduce((a, b) => a + b, 0)).toBe(99_999_999);
  });
});
