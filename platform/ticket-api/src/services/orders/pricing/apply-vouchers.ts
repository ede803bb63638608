// Applies a cart's voucher codes to its priced lines (VOUCH-02, VOUCH-03, decision 0017): each code
// in the order sent, checked in a fixed order (not found, inactive, expired, limit reached,
// inapplicable, not applied), then taking its discount off what the previous ones left of each
// line. Pure: the vouchers and their use counts are read before.
import type { Discount, VoucherErrorCode } from '@transit-shop/sdk/contract/order';
import { ERROR_CODES } from '@transit-shop/sdk/errors/error-codes';
import type { VoucherState } from '../../vouchers/find-vouchers.ts';
import type { PricedLine } from './price-cart.ts';

export type AppliedVouchers = { discounts: Discount[]; lineDiscounts: number[]; discountAmount: number };

const BASIS = 10_000n;

/**
 * `total` split over `weights` in proportion, each share rounded down and the units left over
 * given one each to the largest remainders (the first line on a tie). Exact for any amounts.
 */
export function splitInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const big = weights.map((weight) => BigInt(weight) * BigInt(total));
  const shares = big.map((value) => Number(value / BigInt(sum)));
  const remainders = big.map((value, index) => ({ index, rest: value % BigInt(sum) }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

const ratioOf = (amount: number, basisPoints: number) =>
  Number((BigInt(amount) * BigInt(basisPoints)) / BASIS);

/** The share of each line a voucher takes, given what is left of each (0 for the lines it does not apply to). */
function sharesOf(
  voucher: VoucherState,
  lines: readonly PricedLine[],
  left: readonly number[],
  applies: boolean[],
) {
  const shares = lines.map(() => 0);
  const open = lines.map((_, index) => (applies[index] ? (left[index] ?? 0) : 0));
  switch (voucher.type) {
    case 'AMOUNT':
    case 'RATIO': {
      const available = open.reduce((a, b) => a + b, 0);
      const total =
        voucher.type === 'AMOUNT' ? Math.min(voucher.value, available) : ratioOf(available, voucher.value);
      return splitInProportion(total, open);
    }
    case 'ARTICLE_AMOUNT':
    case 'ARTICLE_RATIO':
      lines.forEach((line, index) => {
        if (!applies[index]) return;
        const perUnit =
          voucher.type === 'ARTICLE_AMOUNT'
            ? Math.min(voucher.value, line.unitPrice)
            : ratioOf(line.unitPrice, voucher.value);
        shares[index] = Math.min(perUnit * line.quantity, open[index] ?? 0);
      });
      return shares;
    case 'GIFT': {
      // The cheapest units first; a line keeps its order on a tie.
      const order = lines
        .map((line, index) => ({ line, index }))
        .filter(({ index }) => applies[index])
        .sort((a, b) => a.line.unitPrice - b.line.unitPrice || a.index - b.index);
      let units = voucher.value;
      for (const { line, index } of order) {
        if (units === 0) break;
        const free = Math.min(units, line.quantity);
        units -= free;
        shares[index] = Math.min(free * line.unitPrice, open[index] ?? 0);
      }
      return shares;
    }
  }
}

export function applyVouchers(options: {
  lines: readonly PricedLine[];
  codes: readonly string[];
  /** The vouchers found, by normalised code. */
  vouchers: ReadonlyMap<string, VoucherState>;
  normalise: (code: string) => string;
  now: Date;
}): AppliedVouchers {
  const { lines, now } = options;
  const left = lines.map((line) => line.amount);
  const lineDiscounts = lines.map(() => 0);
  const discounts: Discount[] = [];
  const seen = new Set<string>();
  let applied = 0;
  let exclusive = false;

  for (const sourceCode of options.codes) {
    const code = options.normalise(sourceCode);
    const voucher = options.vouchers.get(code);
    const fail = (error: VoucherErrorCode) => {
      discounts.push({
        sourceCode,
        type: voucher?.type ?? null,
        label: voucher?.label ?? null,
        amount: 0,
        lines: [],
        error: { code: error, message: ERROR_CODES[error].message },
      });
    };
    const repeated = seen.has(code);
    seen.add(code);
    if (!voucher) {
      fail('VOUCHER_NOT_FOUND');
      continue;
    }
    if (!voucher.active || (voucher.validFrom !== null && now < voucher.validFrom)) {
      fail('VOUCHER_INACTIVE');
      continue;
    }
    if (voucher.validUntil !== null && now >= voucher.validUntil) {
      fail('VOUCHER_EXPIRED');
      continue;
    }
    const limitReached =
      (voucher.maxUses !== null && voucher.uses >= voucher.maxUses) ||
      (voucher.maxUsesPerCustomer !== null &&
        voucher.customerUses !== null &&
        voucher.customerUses >= voucher.maxUsesPerCustomer);
    if (limitReached) {
      fail('VOUCHER_LIMIT_REACHED');
      continue;
    }
    const applies = lines.map(
      (line) => voucher.shopItemIds.length === 0 || voucher.shopItemIds.includes(line.shopItemId),
    );
    if (!applies.some(Boolean)) {
      fail('VOUCHER_INAPPLICABLE');
      continue;
    }
    const reached = lines.reduce((sum, line, index) => sum + (applies[index] ? line.amount : 0), 0);
    const blocked = exclusive || (!voucher.combinable && applied > 0);
    if (repeated || blocked || reached < voucher.minimumAmount) {
      fail('VOUCHER_NOT_APPLIED');
      continue;
    }
    const shares = sharesOf(voucher, lines, left, applies);
    const amount = shares.reduce((a, b) => a + b, 0);
    if (amount === 0) {
      fail('VOUCHER_NOT_APPLIED');
      continue;
    }
    shares.forEach((share, index) => {
      left[index] = (left[index] ?? 0) - share;
      lineDiscounts[index] = (lineDiscounts[index] ?? 0) + share;
    });
    applied += 1;
    exclusive ||= !voucher.combinable;
    discounts.push({
      sourceCode,
      type: voucher.type,
      label: voucher.label,
      amount,
      lines: shares.flatMap((share, lineIndex) => (share > 0 ? [{ lineIndex, amount: share }] : [])),
      error: null,
    });
  }
  return { discounts, lineDiscounts, discountAmount: lineDiscounts.reduce((a, b) => a + b, 0) };
}
