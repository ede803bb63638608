// The cart's rules as pure functions (spec 01 §4 "Cart" and §5 "Cart and checkout", spec 02 §4
// "Cart behaviour tied to calls", CART-02..12, VOUCH-01, CAT-03, CHK-03, PIVOT-03): what an add
// does to the lines or why it is refused, which quantities a line takes, which payment options
// the whole cart still allows, whether the vouchers hold and what the cart totals. The machine
// applies them; the product and cart pages may ask them ahead of an event.

import { type CatalogueViewer, isSupportOffered } from '@transit-shop/sdk/catalogue/shop-listing';
import { isSameStart } from '@transit-shop/sdk/catalogue/start-dates';
import { commonPaymentOptions } from '@transit-shop/sdk/checkout/checkout-rules';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import {
  areVouchersValid,
  type Discount,
  orderVoucherCodeSchema,
  VOUCHER_CODE_MAX_LENGTH,
} from '@transit-shop/sdk/contract/order';
import type { ErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { isOver18 } from '@transit-shop/sdk/validation/account-rules';
import { VALIDATION_MESSAGES, type ValidationMessage } from '@transit-shop/sdk/validation/messages';
import { articleStartOf, type CartFieldValue, type CartItem, isQuantityInBounds } from './cart-types.ts';

/** What the product page adds: a line without its id, the optional parts left out when empty. */
export type CartItemDraft = Pick<CartItem, 'item' | 'quantity' | 'delivery'> &
  Partial<Omit<CartItem, 'id' | 'item' | 'quantity' | 'delivery'>>;

/**
 * Why an add is refused, reported in the cart's context: the codes of the error catalogue the
 * server answers for the same article at Order/verify.json (decision 0017).
 */
export const CART_REFUSALS = [
  /** CAT-03, CHK-03: the support is not offered to this buyer. */
  'SUPPORT_NOT_OFFERED',
  /** CART-04, spec 01 §5: a quantity outside the item's bounds. */
  'WRONG_QUANTITY',
  /** CART-08: an item bought once per order is already in the cart, or asked more than once. */
  'PRODUCT_ALREADY_IN_CART',
  /** CART-07: a subscription is alone in its cart. */
  'SUBSCRIPTION_CART_NOT_ALONE',
  /** CART-09, PAY-04: no instalment count in common with the cart. */
  'INCOMPATIBLE_INSTALLMENTS',
  /** CART-09, PAY-04: no payment method in common with the cart. */
  'INCOMPATIBLE_PAYMENT_METHODS',
  /** CART-12: a required field of the item is empty. */
  'ARTICLE_FIELDS_INVALID',
  /** PIVOT-03: 'Cannot compute article start date'. */
  'ARTICLE_START_DATE',
] as const satisfies readonly ErrorCode[];
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
  };
}

/** CART-07: an item sold as a tacit subscription (decision 0016: `allowSubscription`). */
export function isSubscriptionItem(item: ShopItem): boolean {
  return item.paymentOptions.allowSubscription;
}

/** CART-04, CART-08: what a line of this item may hold; an item bought once per order, one unit. */
export function isQuantityAllowed(item: ShopItem, quantity: number): boolean {
  return isQuantityInBounds(item, quantity) && (!item.maxBuyAtOnce || quantity === 1);
}

/** CART-02: the same shop item for the same traveller from the same start. */
export function isSameArticle(line: CartItem, draft: CartItemDraft): boolean {
  return (
    line.item.shopItemId === draft.item.shopItemId &&
    line.profile === (draft.profile ?? null) &&
    isSameStart(line, draft)
  );
}

function isFilled(value: CartFieldValue | undefined): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  // A required CHECKBOX is a confirmation: only a ticked box fills it.
  return value === true;
}

/** CART-12: the required fields of the item the draft leaves empty. */
export function missingRequiredFields(draft: CartItemDraft): string[] {
  const values = draft.fields ?? {};
  return draft.item.fields.filter((field) => field.required && !isFilled(values[field.id])).map((f) => f.id);
}

/**
 * Why the draft cannot enter the cart, or null when it can; the first problem in the order the
 * server checks an article (decision 0017), so both say the same.
 */
export function addRefusalOf(
  lines: readonly CartItem[],
  draft: CartItemDraft,
  viewer: CatalogueViewer,
): CartRefusal | null {
  const { item } = draft;
  const refuse = (code: CartRefusalCode, fields?: string[]): CartRefusal =>
    fields ? { code, shopItemId: item.shopItemId, fields } : { code, shopItemId: item.shopItemId };

  if (!isSupportOffered(item, draft.delivery, viewer)) return refuse('SUPPORT_NOT_OFFERED');
  if (!isQuantityInBounds(item, draft.quantity)) return refuse('WRONG_QUANTITY');
  if (
    item.maxBuyAtOnce &&
    (draft.quantity > 1 || lines.some((line) => line.item.shopItemId === item.shopItemId))
  )
    return refuse('PRODUCT_ALREADY_IN_CART');
  if (lines.length > 0 && (isSubscriptionItem(item) || lines.some((line) => isSubscriptionItem(line.item))))
    return refuse('SUBSCRIPTION_CART_NOT_ALONE');
  const common = commonPaymentOptions([...lines.map((line) => line.item), item]);
  if (common?.installments.length === 0) return refuse('INCOMPATIBLE_INSTALLMENTS');
  if (common?.paymentMethods.length === 0) return refuse('INCOMPATIBLE_PAYMENT_METHODS');
  const missing = missingRequiredFields(draft);
  if (missing.length > 0) return refuse('ARTICLE_FIELDS_INVALID', missing);
  if (articleStartOf(cartItemOf(draft, '')) === null) return refuse('ARTICLE_START_DATE');
  return null;
}

/**
 * The lines after an allowed add (CART-02, CART-03): the quantity joins the first identical line
 * that can take it within its maximum; otherwise the draft becomes a new line.
 */
export function linesAfterAdd(lines: readonly CartItem[], draft: CartItemDraft, id: string): CartItem[] {
  const target = lines.find(
    (line) => isSameArticle(line, draft) && line.quantity + draft.quantity <= line.item.articleQuantityMax,
  );
  if (!target) return [...lines, cartItemOf(draft, id)];
  return lines.map((line) =>
    line === target ? { ...line, quantity: line.quantity + draft.quantity } : line,
  );
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
