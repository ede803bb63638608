// Prices a cart from the network's catalogue and refuses what the shop would not sell (decision
// 0017): an unknown or unlisted item, a support not offered to the viewer, a quantity outside the
// item's bounds, a subscription the item or network does not allow, fields that break the item's
// rules, a start the cart does not propose, then, across articles, a second maxBuyAtOnce item, a
// subscription sharing the cart and payment options with nothing in common. Pure: no database.

import { ESHOP_PAYMENT_METHODS } from '@transit-shop/sdk/catalogue/shop-item-rules';
import { type CatalogueViewer, isListed, offeredSupports } from '@transit-shop/sdk/catalogue/shop-listing';
import { isProposedStart } from '@transit-shop/sdk/catalogue/start-dates';
import {
  commonPaymentOptions,
  installmentOptionsOf,
  paymentMethodOptionsOf,
} from '@transit-shop/sdk/checkout/checkout-rules';
import { MONEY_MAX, type PaymentMethod, type ShopItemField } from '@transit-shop/sdk/contract/catalogue';
import type { OrderArticle, OrderLine } from '@transit-shop/sdk/contract/order';
import type { FieldIssue } from '@transit-shop/sdk/errors/app-error';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { ErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { CatalogueShopItemFile, LoadedNetwork } from '@transit-shop/tenancy';

type Item = CatalogueShopItemFile;

/** A line before vouchers. */
export type PricedLine = Omit<OrderLine, 'discountAmount' | 'totalAmount'>;

export type PricedCart = {
  lines: PricedLine[];
  subtotalAmount: number;
  paymentOptions: { installments: number[]; paymentMethods: PaymentMethod[] };
  isSubscription: boolean;
};

export type PriceCartInput = {
  network: Pick<LoadedNetwork, 'catalogue'> & {
    network: {
      config: Pick<
        LoadedNetwork['network']['config'],
        'multiple_payment_installments' | 'payment' | 'has_subscriptions' | 'timeZone'
      >;
    };
  };
  articles: readonly OrderArticle[];
  shippingFeeShopItemId: number | null;
  viewer: CatalogueViewer;
  now: Date;
};

/** One refusal, at the request field that caused it; the issue's message is the code. */
export function refusal(code: ErrorCode, path: string): AppError {
  return new AppError(code, { details: { issues: [{ path, message: code }] } });
}

const indexes = new WeakMap<readonly Item[], Map<number, Item>>();

/** The catalogue's items by id, built once per loaded catalogue. */
function itemIndex(items: readonly Item[]): Map<number, Item> {
  let index = indexes.get(items);
  if (!index) {
    index = new Map(items.map((item) => [item.shopItemId, item]));
    indexes.set(items, index);
  }
  return index;
}

const unitPriceOf = (item: Item) => item.shopItemPromoPrice ?? item.shopItemPrice;
const productIdsOf = (item: Item) => item.products.map((product) => product.productId);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDate = (value: string) =>
  ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** CART-12: what is wrong with each value of the article's additional information. */
type FieldRules = Pick<ShopItemField, 'id' | 'type' | 'required' | 'maxLength' | 'min' | 'max'> & {
  readonly options: readonly { readonly value: string }[];
};

function fieldIssues(
  fields: readonly FieldRules[],
  values: Readonly<Record<string, string | number | boolean>>,
  at: string,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const known = new Set(fields.map((field) => field.id));
  for (const id of Object.keys(values))
    if (!known.has(id)) issues.push({ path: `${at}.${id}`, message: VALIDATION_MESSAGES.unknownField });
  for (const field of fields) {
    const path = `${at}.${field.id}`;
    const value = Object.hasOwn(values, field.id) ? values[field.id] : undefined;
    const empty = value === undefined || (typeof value === 'string' && value.trim() === '');
    if (empty || (field.type === 'CHECKBOX' && value === false)) {
      if (field.required) issues.push({ path, message: VALIDATION_MESSAGES.required });
      continue;
    }
    const invalid = () => issues.push({ path, message: VALIDATION_MESSAGES.invalid });
    switch (field.type) {
      case 'TEXT':
        if (typeof value !== 'string') invalid();
        else if (field.maxLength !== null && value.trim().length > field.maxLength)
          issues.push({ path, message: VALIDATION_MESSAGES.maxLength, params: { maximum: field.maxLength } });
        break;
      case 'NUMBER':
        if (typeof value !== 'number') invalid();
        else if ((field.min !== null && value < field.min) || (field.max !== null && value > field.max))
          invalid();
        break;
      case 'DATE':
        if (typeof value !== 'string' || !isIsoDate(value))
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

export function priceCart(input: PriceCartInput): PricedCart {
  const { articles, viewer, now } = input;
  const config = input.network.network.config;
  const index = itemIndex(input.network.catalogue.shopItems);
  const articleItems: Item[] = [];
  const optionLines: PricedLine[] = [];
  const lines: PricedLine[] = [];

  articles.forEach((article, position) => {
    const at = `articles.${position}`;
    const item = index.get(article.shopItemId);
    if (!item) throw refusal('SHOP_ITEM_NOT_FOUND', `${at}.shopItemId`);
    // CAT-01: hidden items and the card products are sold as options or in their own flows only.
    if (!isListed(item)) throw refusal('SHOP_ITEM_NOT_OFFERED', `${at}.shopItemId`);
    // CAT-02, CAT-03, CHK-03: the supports this viewer is offered, none for an item left without.
    if (!offeredSupports(item, viewer).includes(article.support))
      throw refusal('SUPPORT_NOT_OFFERED', `${at}.support`);
    // CART-04.
    if (article.quantity < item.articleQuantityMin || article.quantity > item.articleQuantityMax)
      throw refusal('WRONG_QUANTITY', `${at}.quantity`);
    if (article.isSubscription && !(item.paymentOptions.allowSubscription && config.has_subscriptions))
      throw refusal('SUBSCRIPTION_NOT_OFFERED', `${at}.isSubscription`);

    if (article.optionShopItemId !== null) {
      const option = index.get(article.optionShopItemId);
      if (!option) throw refusal('SHOP_ITEM_NOT_FOUND', `${at}.optionShopItemId`);
      if (option.shopItemId === item.shopItemId)
        throw refusal('SHOP_ITEM_NOT_OFFERED', `${at}.optionShopItemId`);
      if (!offeredSupports(option, viewer).includes(article.support))
        throw refusal('SUPPORT_NOT_OFFERED', `${at}.optionShopItemId`);
      const unitPrice = unitPriceOf(option);
      optionLines.push({
        kind: 'OPTION',
        articleIndex: position,
        shopItemId: option.shopItemId,
        productIds: productIdsOf(option),
        quantity: article.quantity,
        unitPrice,
        amount: unitPrice * article.quantity,
      });
    }

    const issues = fieldIssues(item.fields, article.fields, `${at}.fields`);
    if (issues.length > 0) throw new AppError('ARTICLE_FIELDS_INVALID', { details: { issues } });
    // PIVOT-03.
    if (!isProposedStart(item, article, now, config.timeZone))
      throw refusal(
        'ARTICLE_START_DATE',
        `${at}.${item.pivotType === 'MONTH_PIVOT' ? 'startMonth' : 'startDate'}`,
      );

    articleItems.push(item);
    const unitPrice = unitPriceOf(item);
    lines.push({
      kind: 'ARTICLE',
      articleIndex: position,
      shopItemId: item.shopItemId,
      productIds: productIdsOf(item),
      quantity: article.quantity,
      unitPrice,
      amount: unitPrice * article.quantity,
    });
  });

  // CART-08: a maxBuyAtOnce item is bought once per order.
  const once = new Set<number>();
  articleItems.forEach((item, position) => {
    if (!item.maxBuyAtOnce) return;
    if (once.has(item.shopItemId))
      throw refusal('PRODUCT_ALREADY_IN_CART', `articles.${position}.shopItemId`);
    once.add(item.shopItemId);
  });
  // CART-07: a subscription holds the cart alone.
  const subscription = articles.findIndex((article) => article.isSubscription);
  if (subscription >= 0 && articles.length > 1)
    throw refusal(
      'SUBSCRIPTION_CART_NOT_ALONE',
      `articles.${subscription === 0 ? 1 : subscription}.shopItemId`,
    );

  lines.push(...optionLines);
  if (input.shippingFeeShopItemId !== null) {
    const fee = index.get(input.shippingFeeShopItemId);
    if (!fee) throw refusal('SHOP_ITEM_NOT_FOUND', 'shippingFeeShopItemId');
    // A fee is never sold on its own: only an unlisted item can be one.
    if (isListed(fee)) throw refusal('SHOP_ITEM_NOT_OFFERED', 'shippingFeeShopItemId');
    const unitPrice = unitPriceOf(fee);
    lines.push({
      kind: 'SHIPPING_FEE',
      articleIndex: null,
      shopItemId: fee.shopItemId,
      productIds: productIdsOf(fee),
      quantity: 1,
      unitPrice,
      amount: unitPrice,
    });
  }

  // CART-09, PAY-04, NET-04, NET-05: what every article allows and the network offers. Options
  // and the shipping fee follow the order's payment.
  // Without articles nothing narrows the network's options.
  const common = commonPaymentOptions(articleItems) ?? {
    installments: config.multiple_payment_installments,
    paymentMethods: ESHOP_PAYMENT_METHODS,
  };
  const installments = installmentOptionsOf(config, { paymentOptions: common });
  if (installments.length === 0) throw refusal('INCOMPATIBLE_INSTALLMENTS', 'articles');
  const paymentMethods = paymentMethodOptionsOf(config, { paymentOptions: common });
  if (paymentMethods.length === 0) throw refusal('INCOMPATIBLE_PAYMENT_METHODS', 'articles');

  const subtotalAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (subtotalAmount > MONEY_MAX) throw refusal('ORDER_AMOUNT_TOO_LARGE', 'articles');
  return {
    lines,
    subtotalAmount,
    paymentOptions: { installments, paymentMethods },
    isSubscription: subscription >= 0,
  };
}
