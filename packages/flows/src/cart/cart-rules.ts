// The cart's rules as pure functions (spec 01 §4 "Cart" and §5 "Cart and checkout", spec 02 §4
// "Cart behaviour tied to calls", CART-02..12, VOUCH-01, CAT-03, CHK-03, PIVOT-03): what an add
// does to the lines or why it is refused (the sdk's article rules, the ticket API's too), whether
// the vouchers hold and what the cart totals. The machine applies them; the product and cart pages
// may ask them ahead of an event.

import {
  ARTICLE_REFUSALS,
  type ArticleRefusal,
  type ArticleShop,
  articleRefusalOf,
  articlesTogetherRefusalOf,
  goesOnNewCard,
  isNewCardOption,
} from '@transit-shop/sdk/catalogue/article-rules';
import { isSameStart } from '@transit-shop/sdk/catalogue/start-dates';
import {
  areVouchersValid,
  type Discount,
  orderVoucherCodeSchema,
  VOUCHER_CODE_MAX_LENGTH,
} from '@transit-shop/sdk/contract/order';
import { isOver18 } from '@transit-shop/sdk/validation/account-rules';
import { VALIDATION_MESSAGES, type ValidationMessage } from '@transit-shop/sdk/validation/messages';
import type { CartItem } from './cart-types.ts';
import { orderArticleOf } from './verify-order.ts';

/** What the product page adds: a line without its id, the optional parts left out when empty. */
export type CartItemDraft = Pick<CartItem, 'item' | 'quantity' | 'delivery'> &
  Partial<Omit<CartItem, 'id' | 'item' | 'quantity' | 'delivery'>>;

/**
 * Why an add is refused, reported in the cart's context: the codes of the error catalogue the
 * server answers for the same article at Order/verify.json (decisions 0017, 0039).
 */
export const CART_REFUSALS = ARTICLE_REFUSALS;
export type CartRefusalCode = (typeof CART_REFUSALS)[number];

export type CartRefusal = {
  readonly code: CartRefusalCode;
  readonly shopItemId: number;
  /** ARTICLE_FIELDS_INVALID: the ids of the required fields left empty. */
  readonly fields?: readonly string[];
};

/** The cart's line with the draft's defaults filled and the given id. */
export function cartItemOf(draft: CartItemDraft, id: string): CartItem {
  return {
    id,
    item: draft.item,
    quantity: draft.quantity,
    profile: draft.profile ?? null,
    option: draft.option ?? null,
    delivery: draft.delivery,
    mediaId: draft.mediaId ?? null,
    startMonth: draft.startMonth ?? null,
    startDate: draft.startDate ?? null,
    startTime: draft.startTime ?? null,
    startOffset: draft.startOffset ?? null,
    fields: draft.fields ?? {},
    documents: draft.documents ?? [],
    isSubscription: draft.isSubscription ?? false,
  };
}

/** CART-02: the same shop item for the same traveller from the same start. */
export function isSameArticle(line: CartItem, draft: CartItemDraft): boolean {
  return (
    line.item.shopItemId === draft.item.shopItemId &&
    line.profile === (draft.profile ?? null) &&
    isSameStart(line, draft)
  );
}

/** The refusal as the cart reports it: the item, and the fields at fault. */
function cartRefusalFrom(refused: ArticleRefusal, shopItemId: number): CartRefusal {
  return refused.issues
    ? { code: refused.code, shopItemId, fields: refused.issues.map((issue) => issue.path) }
    : { code: refused.code, shopItemId };
}

/**
 * Why the draft cannot enter the cart, or null when it can: the sdk's rules of its own article,
 * then of the cart's articles with it last, as the server checks the cart the add would make. A
 * line already in the cart that no longer holds (its start past since) is the verification's to
 * say, not a reason to refuse another article.
 */
export function addRefusalOf(
  lines: readonly CartItem[],
  draft: CartItemDraft,
  shop: ArticleShop,
): CartRefusal | null {
  const added = cartItemOf(draft, '');
  const own = articleRefusalOf(draft.item, orderArticleOf(added), shop, lines.length);
  if (own) return cartRefusalFrom(own, draft.item.shopItemId);
  const articles = [...lines, added].map((line) => ({ item: line.item, article: orderArticleOf(line) }));
  const together = articlesTogetherRefusalOf(articles, shop);
  return together ? cartRefusalFrom(together, draft.item.shopItemId) : null;
}

/**
 * The lines after an allowed add (CART-02, CART-03): the quantity joins the first identical line
 * that can take it within its maximum; otherwise the draft becomes a new line. A traveller's tickets
 * sent by post share one new card (decision 0037): a draft bringing one for a traveller whose new
 * card is in the cart already comes without it.
 */
export function linesAfterAdd(lines: readonly CartItem[], draft: CartItemDraft, id: string): CartItem[] {
  const profile = draft.profile ?? null;
  const added =
    isNewCardOption(draft.option ?? null) &&
    lines.some((line) => line.profile === profile && isNewCardOption(line.option))
      ? { ...draft, option: null }
      : draft;
  const target = lines.find(
    (line) => isSameArticle(line, added) && line.quantity + added.quantity <= line.item.articleQuantityMax,
  );
  if (!target) return [...lines, cartItemOf(added, id)];
  return lines.map((line) =>
    line === target ? { ...line, quantity: line.quantity + added.quantity } : line,
  );
}

/**
 * The lines after one is removed: the new card it bought moves to another of its traveller's lines
 * sent by post, which would otherwise go on no card (decision 0037).
 */
export function linesAfterRemove(lines: readonly CartItem[], id: string): CartItem[] {
  const removed = lines.find((line) => line.id === id);
  const rest = lines.filter((line) => line.id !== id);
  if (!removed || !isNewCardOption(removed.option)) return rest;
  const heir = rest.find(
    (line) =>
      line.profile === removed.profile &&
      line.option === null &&
      goesOnNewCard({ support: line.delivery, item: line.item, mediaId: line.mediaId }),
  );
  return heir ? rest.map((line) => (line === heir ? { ...line, option: removed.option } : line)) : rest;
}

/** Why a voucher code is refused before it is sent: a message key the web translates (VOUCH-01). */
export type VoucherCodeIssue = { readonly message: ValidationMessage; readonly maximum?: number };

/**
 * VOUCH-01: the code to send (trimmed), or why it is refused: 'validation.voucher.minLength' ('Le
 * code doit comporter au moins 4 caractères') under 4 characters, required when blank, maxLength
 * beyond the contract's longest code.
 */
export function readVoucherCode(code: string): { code: string } | { issue: VoucherCodeIssue } {
  const parsed = orderVoucherCodeSchema.safeParse(code);
  if (parsed.success) return { code: parsed.data };
  const [first] = parsed.error.issues;
  if (first?.code === 'too_big')
    return { issue: { message: VALIDATION_MESSAGES.maxLength, maximum: VOUCHER_CODE_MAX_LENGTH } };
  const known = Object.values(VALIDATION_MESSAGES).find((message) => message === first?.message);
  return { issue: { message: known ?? VALIDATION_MESSAGES.invalid } };
}

/** The server reads codes ignoring case: the same code twice is one voucher. */
export function hasVoucherCode(vouchers: readonly string[], code: string): boolean {
  return vouchers.some((held) => held.toLowerCase() === code.toLowerCase());
}

export type VoucherStatus = {
  readonly code: string;
  /** pending: not verified yet; applied: a discount without error; refused: an error or no discount. */
  readonly status: 'pending' | 'applied' | 'refused';
  /** The voucher's error code for a refused voucher (VOUCH-02: VOUCHER_NOT_FOUND...); null otherwise. */
  readonly error: string | null;
};

/** VOUCH-02: each voucher with what the last verification said of it. */
export function voucherStatuses(
  vouchers: readonly string[],
  discounts: readonly Pick<Discount, 'sourceCode' | 'error'>[],
  verified: boolean,
): VoucherStatus[] {
  return vouchers.map((code): VoucherStatus => {
    const discount = discounts.find((d) => d.sourceCode === code);
    if (!discount) return { code, status: verified ? 'refused' : 'pending', error: null };
    return discount.error === null
      ? { code, status: 'applied', error: null }
      : { code, status: 'refused', error: discount.error.code };
  });
}

export type CartTotals = { readonly subtotal: number; readonly discount: number; readonly total: number };

/** VOUCH-04: the total the verification answered, the discounts that apply, and the sum before them. */
export function cartTotals(
  discounts: readonly Pick<Discount, 'amount' | 'error'>[],
  totalAmount: number,
): CartTotals {
  const discount = discounts.reduce((sum, d) => (d.error === null ? sum + d.amount : sum), 0);
  return { subtotal: totalAmount + discount, discount, total: totalAmount };
}

/** The confirmations the cart holds (CART-11). */
export type CheckoutConfirmations = {
  readonly termsAccepted: boolean;
  readonly privacyAccepted: boolean;
  readonly over18Accepted: boolean;
};

export const CHECKOUT_ISSUES = [
  'EMPTY_CART',
  'TERMS_NOT_ACCEPTED',
  'PRIVACY_NOT_ACCEPTED',
  'OVER_18_NOT_CONFIRMED',
  'VOUCHERS_INVALID',
] as const;
export type CheckoutIssue = (typeof CHECKOUT_ISSUES)[number];

/**
 * What keeps the buyer from checkout, collect and invite-login (ROUTE-04, CART-11, ACC-09, CART-10):
 * an empty cart, the terms of sale or the privacy policy not accepted, the over-18 declaration
 * not ticked by a buyer under 18 (no birthday counts as under 18), a voucher that does not apply.
 */
export function checkoutIssues(
  cart: CheckoutConfirmations & {
    readonly itemCount: number;
    readonly vouchers: readonly string[];
    readonly discounts: readonly Pick<Discount, 'sourceCode' | 'error'>[];
  },
  buyer: { readonly birthday: string | null | undefined; readonly today: Date },
): CheckoutIssue[] {
  const issues: CheckoutIssue[] = [];
  if (cart.itemCount === 0) issues.push('EMPTY_CART');
  if (!cart.termsAccepted) issues.push('TERMS_NOT_ACCEPTED');
  if (!cart.privacyAccepted) issues.push('PRIVACY_NOT_ACCEPTED');
  if (!cart.over18Accepted && !isOver18(buyer.birthday, buyer.today)) issues.push('OVER_18_NOT_CONFIRMED');
  if (!areVouchersValid(cart.vouchers, cart.discounts)) issues.push('VOUCHERS_INVALID');
  return issues;
}
