// The rows a placement writes, built from the checked request: the order as sold (its buyer, its
// delivery, its vouchers), its lines with their labels and VAT, its first events and its payment.
import { startInstantOf } from '@transit-shop/sdk/catalogue/start-dates';
import type { OrderArticle } from '@transit-shop/sdk/contract/order';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { pickText } from '@transit-shop/tenancy';
import type { DeliverySnapshot } from '../../../db/schema/orders.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { emailLocale } from '../../../tenants/network-locale.ts';
import { type CheckoutDeps, UNSTARTED_PAYMENT_MS } from '../checkout-deps.ts';
import { isGuest } from './checkout-rules.ts';
import type { PlaceOrderRequest } from './place-order-request.ts';
import type { CheckedOrder } from './price-and-check.ts';
import type { PlacedOrderRows } from './write-placed-order.ts';

function lineLabel(network: LoadedNetwork, shopItemId: number, lang: Locale): string {
  const item = network.catalogue.shopItems.find((candidate) => candidate.shopItemId === shopItemId);
  if (!item) return `#${shopItemId}`;
  return (
    pickText(item.name, lang, network.network.config.defaultLanguage) ??
    Object.values(item.name).find(Boolean) ??
    `#${shopItemId}`
  );
}

function vatOf(network: LoadedNetwork, shopItemId: number): number | null {
  const item = network.catalogue.shopItems.find((candidate) => candidate.shopItemId === shopItemId);
  return item?.vatRate ?? null;
}

/**
 * When a day or week article starts: derived here, on the network's clock, from the day and time
 * chosen (decision 0038), never taken from the browser. A month article keeps its month.
 */
function startingAtOf(network: LoadedNetwork, article: OrderArticle): Date | null {
  const item = network.catalogue.shopItems.find((candidate) => candidate.shopItemId === article.shopItemId);
  if (!item || item.pivotType === null || item.pivotType === 'MONTH_PIVOT') return null;
  return startInstantOf(item, article, network.network.config.timeZone);
}

/** What placement writes: the order as sold, its lines, its first events and its payment. */
export function placedRowsOf(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  user: UserRow;
  request: PlaceOrderRequest;
  hash: string;
  checked: CheckedOrder;
  repeat: { buyerKey: string | null; linesKey: string };
  now: Date;
}): PlacedOrderRows {
  const { deps, network, user, request, hash, repeat, now } = options;
  const { priced, firstDebit, savedMethod } = options.checked;
  const config = network.network.config;
  const free = priced.totalAmount === 0;
  const lang: Locale = request.lang ?? emailLocale(network, user.locale);
  const guest = isGuest(user);
  const method = free ? null : request.paymentMethod;
  const installments = free ? 1 : request.installments;

  return {
    order: {
      networkId: config.id,
      userId: user.id,
      orderKey: request.orderKey,
      requestHash: hash,
      buyerKey: repeat.buyerKey,
      linesKey: repeat.linesKey,
      currency: priced.currency,
      subtotalAmount: priced.subtotalAmount,
      discountAmount: priced.discountAmount,
      totalAmount: priced.totalAmount,
      paymentMethod: method,
      installments,
      savedPaymentMethodId: free ? null : (savedMethod?.id ?? null),
      // Kept for later instalments and for a subscription's renewals, whatever the buyer ticked.
      saveMethod:
        !guest &&
        !free &&
        (request.saveMethod ||
          installments > 1 ||
          request.articles.some((article) => article.isSubscription)),
      lang,
      buyer: {
        guest,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        customerNumber: user.customerNumber,
        invoiceEmail: guest ? request.invoiceEmail : (user.contactEmail ?? user.email),
      },
      delivery: request.delivery as DeliverySnapshot | null,
      vouchers: [...request.vouchers],
      discounts: priced.discounts,
      returnPath: request.returnUrl,
      createdAt: now,
      updatedAt: now,
    },
    lines: priced.lines.map((line, position) => {
      const article = line.articleIndex === null ? undefined : request.articles[line.articleIndex];
      const isArticle = line.kind === 'ARTICLE';
      return {
        position,
        kind: line.kind,
        articleIndex: line.articleIndex,
        shopItemId: line.shopItemId,
        productIds: line.productIds,
        label: lineLabel(network, line.shopItemId, lang),
        support: article && line.kind !== 'SHIPPING_FEE' ? article.support : null,
        customerId: article?.customerId ?? (article ? user.id : null),
        mediaId: article?.mediaId ?? null,
        startMonth: isArticle ? (article?.startMonth ?? null) : null,
        startingAt: isArticle && article ? startingAtOf(network, article) : null,
        fields: isArticle ? (article?.fields ?? {}) : {},
        documents: isArticle ? (article?.documents ?? []) : [],
        isSubscription: isArticle && (article?.isSubscription ?? false),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        amount: line.amount,
        discountAmount: line.discountAmount,
        totalAmount: line.totalAmount,
        vatRateBasisPoints: vatOf(network, line.shopItemId),
      };
    }),
    events: free
      ? [{ type: 'PLACED', status: 'PENDING', at: now }]
      : [
          { type: 'PLACED', status: 'PENDING', at: now },
          { type: 'PAYMENT_STARTED', status: 'PENDING', at: now },
        ],
    payment:
      method === null
        ? null
        : {
            instalmentNumber: 1,
            provider: deps.payments.name,
            kind: savedMethod ? 'CHARGE' : 'CHECKOUT',
            method,
            amount: firstDebit,
            currency: priced.currency,
            checkoutCheckAt: savedMethod ? null : new Date(now.getTime() + UNSTARTED_PAYMENT_MS),
            createdAt: now,
            updatedAt: now,
          },
  };
}
