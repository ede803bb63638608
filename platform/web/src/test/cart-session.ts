// The cart's tests: shop items, a fake Order/verify.json that prices lines from the items it was
// given and answers discounts per voucher code, and the page's cart reset after each test.
import { CART_STORAGE_KEY } from '@transit-shop/flows/cart/cart-storage';
import { shopItem, subscriptionItem } from '@transit-shop/flows/cart/cart-test-items';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { Discount, VerifyAnswer } from '@transit-shop/sdk/contract/order';
import { afterEach } from 'vitest';
import { uninstallCartRuntime } from '../lib/cart/cart-runtime.ts';
import { resetCartStatus } from '../lib/cart/cart-status.ts';
import type { Answer, Handler } from './session.ts';

export { shopItem, subscriptionItem };

afterEach(() => {
  uninstallCartRuntime();
  // Before the status is read again by a header still mounted: the next test starts empty.
  localStorage.removeItem(CART_STORAGE_KEY);
  resetCartStatus();
});

type Article = { shopItemId: number; quantity: number };

/** What each voucher code does: an amount off, or the code of its error (VOUCH-02). */
export type VoucherRules = Record<string, { amount: number } | { error: string }>;

/**
 * Order/verify.json as the server answers it: each article priced from its shop item, each voucher
 * code with its discount or its error. `answers` lists what was asked, in order.
 */
export function fakeVerify(items: readonly ShopItem[], vouchers: VoucherRules = {}) {
  const requests: { articles: Article[]; vouchers: string[] }[] = [];
  const handler: Handler = (payload): Answer => {
    const articles = payload.articles as Article[];
    const codes = (payload.vouchers as string[] | undefined) ?? [];
    requests.push({ articles, vouchers: codes });
    const price = (id: number) => {
      const item = items.find((candidate) => candidate.shopItemId === id);
      return item ? (item.shopItemPromoPrice ?? item.shopItemPrice) : 0;
    };
    const subtotal = articles.reduce((sum, article) => sum + price(article.shopItemId) * article.quantity, 0);
    const discounts: Discount[] = codes.map((code) => {
      const rule = vouchers[code];
      if (rule && 'amount' in rule)
        return { sourceCode: code, type: 'AMOUNT', label: code, amount: rule.amount, lines: [], error: null };
      const error = rule && 'error' in rule ? rule.error : 'VOUCHER_NOT_FOUND';
      return {
        sourceCode: code,
        type: null,
        label: null,
        amount: 0,
        lines: [],
        error: { code: error, message: error },
      };
    });
    const discountAmount = discounts.reduce((sum, d) => sum + d.amount, 0);
    const answer: VerifyAnswer = {
      currency: 'EUR',
      lines: [],
      discounts,
      subtotalAmount: subtotal,
      discountAmount,
      totalAmount: Math.max(0, subtotal - discountAmount),
      paymentOptions: { installments: [1], paymentMethods: ['CARD'] },
      isSubscription: false,
    };
    return { ok: answer };
  };
  return { handler, requests };
}

/** A single ticket at 2,00 €, 1 to 3 per line. */
export const singleTicket = shopItem({
  name: 'Ticket unitaire',
  shopItemPrice: 200,
  articleQuantityMin: 1,
  articleQuantityMax: 3,
});

/** A monthly subscription at 45,00 €, starting on the first of a month. */
export const monthlySubscription = subscriptionItem({ name: 'Abonnement mensuel', shopItemPrice: 4500 });
