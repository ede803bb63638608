// What one order article of a shop item may hold, and what the articles of one order may hold
// together (spec 01 §4 "Cart", §5 "Cart and checkout"; CART-04, CART-07, CART-08, CART-09, CART-12,
// CAT-03, CHK-03, PIVOT-03): the one home of the rules the cart machine, the product page and the
// ticket API's pricing apply, so the browser and the server refuse the same carts with the same
// codes (decision 0039).
import {
  type CheckoutLine,
  type CheckoutSettings,
  commonPaymentOptions,
  isCollectArticle,
  paymentOptionsRefusalOf,
} from '../checkout/checkout-rules.ts';
import { CATALOGUE_TAGS, type ShopItem, type ShopItemField } from '../contract/catalogue.ts';
import type { NetworkConfiguration } from '../contract/networks.ts';
import type { OrderArticle } from '../contract/order.ts';
import type { FieldIssue } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { type CatalogueViewer, hasTag, isSupportOffered } from './shop-listing.ts';
import { isProposedStart } from './start-dates.ts';

/**
 * A field of an item as the rules read it: the same in the catalogue's answer and in the tenant's
 * file (labels aside).
 */
export type ArticleField = Pick<ShopItemField, 'id' | 'type' | 'required' | 'maxLength' | 'min' | 'max'> & {
  readonly options: readonly { readonly value: string }[];
};

/** What the rules read of a shop item (the answer's ShopItem and the tenant file's item alike). */
export type ArticleItem = Pick<
  ShopItem,
  | 'shopItemId'
  | 'supports'
  | 'tags'
  | 'paymentOptions'
  | 'articleQuantityMin'
  | 'articleQuantityMax'
  | 'maxBuyAtOnce'
  | 'pivotType'
  | 'startProposals'
> & { readonly fields: readonly ArticleField[] };

/** What the rules read of an order article. */
export type ArticleChoice = Pick<
  OrderArticle,
  | 'quantity'
  | 'support'
  | 'isSubscription'
  | 'startMonth'
  | 'startDate'
  | 'startTime'
  | 'startOffset'
  | 'fields'
>;

/** Who buys and where: the viewer (CAT-03, CHK-03), the network's settings and clock. */
export type ArticleShop = {
  readonly viewer: CatalogueViewer;
  readonly network: Pick<CheckoutSettings, 'multiple_payment_installments' | 'payment'> &
    Pick<NetworkConfiguration, 'has_subscriptions'> & {
      /** The network's IANA time zone: start dates are proposed on its clock. */
      readonly timeZone: string;
    };
  readonly now: Date;
};

/** The codes an article or a cart is refused with, in the order they are checked. */
export const ARTICLE_REFUSALS = [
  'SUPPORT_NOT_OFFERED',
  'WRONG_QUANTITY',
  'SUBSCRIPTION_NOT_OFFERED',
  'ARTICLE_FIELDS_INVALID',
  'ARTICLE_START_DATE',
  'PRODUCT_ALREADY_IN_CART',
  'SUBSCRIPTION_CART_NOT_ALONE',
  'INCOMPATIBLE_INSTALLMENTS',
  'INCOMPATIBLE_PAYMENT_METHODS',
] as const satisfies readonly ErrorCode[];
export type ArticleRefusalCode = (typeof ARTICLE_REFUSALS)[number];

export type ArticleRefusal = {
  readonly code: ArticleRefusalCode;
  /** The refused article's place in the order; null when the cart as a whole is refused (CART-09). */
  readonly index: number | null;
  /** The article's member at fault ('quantity', 'startMonth'...); null for the cart as a whole. */
  readonly member: keyof OrderArticle | null;
  /** ARTICLE_FIELDS_INVALID: each field's problem, its path the field's id. */
  readonly issues?: readonly FieldIssue[];
};

// ---------------------------------------------------------------------------------------------
// Additional information (CART-12)

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD that exists (no 30 February). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * CART-12: what is wrong with the values an article gives for its item's fields, each at the
 * field's id: a value for no field of the item, a required field left empty (blank text, an
 * unticked box), a value of the wrong kind, a text too long, a number out of its bounds (its
 * params say which), a date that is not one, a choice that is not offered.
 */
export function articleFieldIssues(
  fields: readonly ArticleField[],
  values: Readonly<Record<string, string | number | boolean>>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const known = new Set(fields.map((field) => field.id));
  for (const id of Object.keys(values))
    if (!known.has(id)) issues.push({ path: id, message: VALIDATION_MESSAGES.unknownField });
  for (const field of fields) {
    const path = field.id;
    const value = Object.hasOwn(values, field.id) ? values[field.id] : undefined;
    const empty = value === undefined || (typeof value === 'string' && value.trim() === '');
    if (empty || (field.type === 'CHECKBOX' && value === false)) {
      if (field.required) issues.push({ path, message: VALIDATION_MESSAGES.required });
      continue;
    }
    const invalid = (params?: FieldIssue['params']) =>
      issues.push(
        params
          ? { path, message: VALIDATION_MESSAGES.invalid, params }
          : { path, message: VALIDATION_MESSAGES.invalid },
      );
    switch (field.type) {
      case 'TEXT':
        if (typeof value !== 'string') invalid();
        else if (field.maxLength !== null && value.trim().length > field.maxLength)
          issues.push({ path, message: VALIDATION_MESSAGES.maxLength, params: { maximum: field.maxLength } });
        break;
      case 'NUMBER':
        if (typeof value !== 'number' || !Number.isFinite(value)) invalid();
        else if (field.min !== null && value < field.min) invalid({ min: field.min });
        else if (field.max !== null && value > field.max) invalid({ max: field.max });
        break;
      case 'DATE':
        if (typeof value !== 'string' || !isCalendarDate(value.trim()))
          issues.push({ path, message: VALIDATION_MESSAGES.date });
        break;
      case 'SELECT':
        if (typeof value !== 'string' || !field.options.some((option) => option.value === value)) invalid();
        break;
      case 'CHECKBOX':
        if (typeof value !== 'boolean') invalid();
        break;
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Quantities (CART-04, CART-08)

/**
 * The quantities one article of the item may hold: the item's articleQuantityMin to
 * articleQuantityMax, and exactly one of an item bought once per order (maxBuyAtOnce: "one per
 * order", decision 0039).
 */
export function quantityBoundsOf(
  item: Pick<ArticleItem, 'articleQuantityMin' | 'articleQuantityMax' | 'maxBuyAtOnce'>,
): { readonly min: number; readonly max: number } {
  return {
    min: item.articleQuantityMin,
    max: item.maxBuyAtOnce ? Math.min(1, item.articleQuantityMax) : item.articleQuantityMax,
  };
}

/** CART-04, CART-08: whether one article of the item may hold this quantity. */
export function isQuantityAllowed(
  item: Pick<ArticleItem, 'articleQuantityMin' | 'articleQuantityMax' | 'maxBuyAtOnce'>,
  quantity: number,
): boolean {
  const { min, max } = quantityBoundsOf(item);
  return Number.isInteger(quantity) && quantity >= min && quantity <= max;
}

// ---------------------------------------------------------------------------------------------
// One article, then the articles together

/**
 * Why one article of the item cannot be ordered, or null: a support not offered to the viewer
 * (CAT-03, CHK-03), a quantity outside its bounds (CART-04, CART-08), a subscription the item or the
 * network does not sell, its additional information (CART-12), a start the item does not propose
 * now (PIVOT-01..04; 'Cannot compute article start date', PIVOT-03). `index` is its place in the order.
 */
export function articleRefusalOf(
  item: ArticleItem,
  article: ArticleChoice,
  shop: ArticleShop,
  index: number,
): ArticleRefusal | null {
  const refuse = (code: ArticleRefusalCode, member: keyof OrderArticle): ArticleRefusal => ({
    code,
    index,
    member,
  });
  if (!isSupportOffered(item, article.support, shop.viewer)) return refuse('SUPPORT_NOT_OFFERED', 'support');
  if (!isQuantityAllowed(item, article.quantity)) return refuse('WRONG_QUANTITY', 'quantity');
  if (article.isSubscription && !(item.paymentOptions.allowSubscription && shop.network.has_subscriptions))
    return refuse('SUBSCRIPTION_NOT_OFFERED', 'isSubscription');
  const issues = articleFieldIssues(item.fields, article.fields);
  if (issues.length > 0) return { code: 'ARTICLE_FIELDS_INVALID', index, member: 'fields', issues };
  if (!isProposedStart(item, article, shop.now, shop.network.timeZone))
    return refuse('ARTICLE_START_DATE', item.pivotType === 'MONTH_PIVOT' ? 'startMonth' : 'startDate');
  return null;
}

/**
 * Why the articles cannot be ordered together, or null, each having passed its own checks: a second
 * article of an item bought once per order (CART-08), a subscription beside anything else
 * (CART-07), then no instalment count or payment method that every article allows and the network
 * offers (CART-09, PAY-04).
 */
export function articlesTogetherRefusalOf(
  articles: readonly {
    readonly item: ArticleItem;
    readonly article: Pick<ArticleChoice, 'isSubscription'>;
  }[],
  shop: Pick<ArticleShop, 'network'>,
): ArticleRefusal | null {
  const once = new Set<number>();
  for (const [index, { item }] of articles.entries()) {
    if (!item.maxBuyAtOnce) continue;
    if (once.has(item.shopItemId)) return { code: 'PRODUCT_ALREADY_IN_CART', index, member: 'shopItemId' };
    once.add(item.shopItemId);
  }
  const subscription = articles.findIndex(({ article }) => article.isSubscription);
  if (subscription >= 0 && articles.length > 1)
    return {
      code: 'SUBSCRIPTION_CART_NOT_ALONE',
      // The article that joined the subscription, or the subscription that joined the others.
      index: subscription === 0 ? 1 : subscription,
      member: 'shopItemId',
    };
  const common = commonPaymentOptions(articles.map(({ item }) => item));
  const payment = common === null ? null : paymentOptionsRefusalOf(shop.network, { paymentOptions: common });
  return payment === null ? null : { code: payment, index: null, member: null };
}

/**
 * Why the cart's articles cannot be ordered, or null: each article's own checks in order, then the
 * articles together. The ticket API's pricing and the cart machine (on its lines with the article
 * being added) both ask it.
 */
export function cartRefusalOf(
  articles: readonly { readonly item: ArticleItem; readonly article: ArticleChoice }[],
  shop: ArticleShop,
): ArticleRefusal | null {
  for (const [index, { item, article }] of articles.entries()) {
    const refusal = articleRefusalOf(item, article, shop, index);
    if (refusal) return refusal;
  }
  return articlesTogetherRefusalOf(articles, shop);
}

// ---------------------------------------------------------------------------------------------
// New cards sent by post (decision 0037)

/** The option buys a new transport card: the network's new-card product (NET-09), tagged so. */
export function isNewCardOption(option: Pick<ShopItem, 'tags'> | null): boolean {
  return option !== null && hasTag(option, CATALOGUE_TAGS.physicalPass);
}

/**
 * A PHYSICAL article on no card the buyer holds, and not collected at an agency, goes on a new card
 * sent by post: the one the order buys for its traveller, once, as the option of one of that
 * traveller's articles. The cart hands that card on among the traveller's articles; the ticket API
 * refuses a posted article whose traveller has none (MEDIA_NEW_CARD_MISSING).
 */
export function goesOnNewCard(article: Pick<CheckoutLine, 'support' | 'item' | 'mediaId'>): boolean {
  return article.support === 'PHYSICAL' && article.mediaId === null && !isCollectArticle(article);
}
