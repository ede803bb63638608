// Prices a cart from the network's catalogue and refuses what the shop would not sell (decision
// 0017): an unknown or unlisted item, then each article and the articles together under the sdk's
// article rules, the same the cart machine applies (decision 0039), and an option or a shipping fee
// the catalogue does not sell that way. Pure: no database.

import {
  type ArticleRefusal,
  type ArticleShop,
  articleRefusalOf,
  articlesTogetherRefusalOf,
} from '@transit-shop/sdk/catalogue/article-rules';
import { ESHOP_PAYMENT_METHODS } from '@transit-shop/sdk/catalogue/shop-item-rules';
import { type CatalogueViewer, isListed, offeredSupports } from '@transit-shop/sdk/catalogue/shop-listing';
import {
  commonPaymentOptions,
  installmentOptionsOf,
  paymentMethodOptionsOf,
} from '@transit-shop/sdk/checkout/checkout-rules';
import { MONEY_MAX, type PaymentMethod } from '@transit-shop/sdk/contract/catalogue';
import type { OrderArticle, OrderLine } from '@transit-shop/sdk/contract/order';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { ErrorCode } from '@transit-shop/sdk/errors/error-codes';
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

/** The sdk's refusal of an article or of the cart, at the request field it names. */
function articleError(refused: ArticleRefusal): AppError {
  const at = refused.index === null ? 'articles' : `articles.${refused.index}`;
  if (refused.issues)
    return new AppError(refused.code, {
      details: { issues: refused.issues.map((issue) => ({ ...issue, path: `${at}.fields.${issue.path}` })) },
    });
  return refusal(refused.code, refused.member === null ? at : `${at}.${refused.member}`);
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

export function priceCart(input: PriceCartInput): PricedCart {
  const { articles, viewer, now } = input;
  const config = input.network.network.config;
  const shop: ArticleShop = { viewer, network: config, now };
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
    // CAT-02, CAT-03, CHK-03, CART-04, CART-08, CART-12, PIVOT-03: the article's own rules.
    const refused = articleRefusalOf(item, article, shop, position);
    if (refused) throw articleError(refused);
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

  // CART-08, CART-07, CART-09: the articles together.
  const together = articlesTogetherRefusalOf(
    articleItems.map((item, position) => ({ item, article: articles[position] as OrderArticle })),
    shop,
  );
  if (together) throw articleError(together);

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
  const paymentMethods = paymentMethodOptionsOf(config, { paymentOptions: common });

  const subtotalAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (subtotalAmount > MONEY_MAX) throw refusal('ORDER_AMOUNT_TOO_LARGE', 'articles');
  return {
    lines,
    subtotalAmount,
    paymentOptions: { installments, paymentMethods },
    isSubscription: articles.some((article) => article.isSubscription),
  };
}
