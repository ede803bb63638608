// Order/placeOrder.json and Order/create.json (decision 0019): the cart priced as computeAmount
// prices it, the checkout's rules, then the order, its lines and its payment in one statement keyed
// by (network, customer, orderKey) (with its collect place and voucher redemptions, one
// transaction), and, after the commit, the provider's hosted checkout (or the charge of a saved
// method) with our payment id as its idempotency key. The same key answers the same order,
// however many times and however concurrently it is sent. A new order of lines the buyer bought
// minutes ago waits for the buyer's confirmation (repeat-order.ts), and the provider sends the
// browser back with the order's public reference (decision 0021).
import { createHash } from 'node:crypto';
import {
  type Delivery,
  type OnlinePaymentMethod,
  ORDER_REFERENCE_PARAM,
  type PlaceOrderAnswer,
} from '@transit-shop/sdk/contract/checkout';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@transit-shop/sdk/locales';
import { canonicalJson } from '@transit-shop/sdk/signing/canonical-string';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { pickText } from '@transit-shop/tenancy';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DeliverySnapshot, type OrderRow, orders } from '../../../db/schema/orders.ts';
import {
  type PaymentRow,
  payments,
  type SavedPaymentMethodRow,
  savedPaymentMethods,
} from '../../../db/schema/payments.ts';
import type { SessionRow } from '../../../db/schema/sessions.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { builtOnce, placeholderValue } from '../../../hot-path/built-once.ts';
import { emailLocale } from '../../../tenants/network-locale.ts';
import { toAuthUser } from '../../account/auth-user.ts';
import type { AppDeps } from '../../app-deps.ts';
import { reserveCollectSlot } from '../../collect/reserve-collect-slot.ts';
import { PaymentProviderError } from '../../payments/payment-provider.ts';
import { runAfterCommit } from '../payment-outcome/after-commit.ts';
import { type AfterCommit, completeOrder, nothingAfter } from '../payment-outcome/finalise-order.ts';
import { computeAmount } from '../pricing/compute-amount.ts';
import { redeemOrderVouchers, scopedOrderKey } from '../pricing/order-vouchers.ts';
import { refusal } from '../pricing/price-cart.ts';
import { type CartRequest, type PricedOrder, priceOrder } from '../pricing/price-order.ts';
import { checkCheckout, isGuest } from './checkout-rules.ts';
import { buyerKeyOf, checkRepeatOrder, linesKeyOf } from './repeat-order.ts';
import { type PlacedOrderRows, writePlacedOrder } from './write-placed-order.ts';

export type CheckoutDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'payments' | 'publicUrl' | 'jobs' | 'logger' | 'shopPort' | 'networks' | 'mailer'
>;

export type PlaceOrderRequest = Omit<CartRequest, 'userToken' | 'userId'> & {
  userToken: string;
  orderKey: string;
  /** Null for Order/create.json: nothing is paid. */
  paymentMethod: OnlinePaymentMethod | null;
  installments: number;
  savedPaymentMethodId: number | null;
  saveMethod: boolean;
  delivery: Delivery | null;
  invoiceEmail: string | null;
  returnUrl: string | null;
  /** The buyer confirmed a repeat of an order bought minutes ago (ORDER_ALREADY_BOUGHT). */
  confirmRepeat: boolean;
};

/** The order's key was placed already: the placing transaction is given up. */
class OrderKeyPlaced extends Error {}

/** Ours: a payment the provider never started is given up after a checkout's lifetime and a minute. */
export const UNSTARTED_PAYMENT_MS = 31 * 60_000;
/** Ours: a checkout is read this long after its page's expiry. */
const CHECKOUT_READ_AFTER_EXPIRY_MS = 60_000;

/** The notification route of the provider, on this service's public origin. */
export const notifyUrlOf = (deps: Pick<AppDeps, 'publicUrl' | 'payments'>) =>
  `${deps.publicUrl}/payments/notifications/${deps.payments.name}`;

/**
 * What makes two placements the same order: everything the buyer chose, not the session, the page
 * language, the return page (a retry from the page in another language is the same order) or the
 * confirmation of a repeat (a retry of a confirmed placement is the same order).
 */
function requestHash(request: PlaceOrderRequest): string {
  const {
    userToken: _token,
    lang: _lang,
    returnUrl: _returnUrl,
    confirmRepeat: _confirmRepeat,
    ...rest
  } = request;
  const { signature: _signature, ...chosen } = rest as typeof rest & { signature?: string };
  return createHash('sha256').update(canonicalJson(chosen)).digest('hex');
}

/**
 * The shop's page the provider sends the browser back to, with the order's public reference: the
 * page reads the order's outcome from it in whatever tab, browser or device the return lands in.
 */
function shopReturnUrl(network: LoadedNetwork, order: OrderRow, shopPort: number | undefined): string {
  const domain = network.network.config.domains[0] ?? 'localhost';
  const scheme = domain === 'localhost' || domain.endsWith('.localhost') ? 'http' : 'https';
  const url = new URL(`${scheme}://${domain}${order.returnPath ?? '/'}`);
  if (shopPort !== undefined) url.port = String(shopPort);
  url.searchParams.set(ORDER_REFERENCE_PARAM, order.publicReference);
  return url.toString();
}

async function findOrder(deps: CheckoutDeps, network: LoadedNetwork, user: UserRow, orderKey: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.networkId, network.network.config.id),
        eq(orders.userId, user.id),
        eq(orders.orderKey, orderKey),
      ),
    )
    .limit(1);
  return order;
}

async function firstPaymentOf(deps: CheckoutDeps, orderId: number): Promise<PaymentRow | undefined> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.instalmentNumber, 1)))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return payment;
}

function providerFailed(deps: CheckoutDeps, error: unknown, orderId: number): AppError {
  if (error instanceof AppError) return error;
  deps.logger.error({ err: error, orderId }, 'the payment provider failed');
  return new AppError('PAYMENT_UNEXPECTED_ERROR', {
    cause: error instanceof PaymentProviderError ? error : undefined,
  });
}

/** The hosted checkout the provider opened for a payment, unless one was recorded already. */
const recordCheckout = builtOnce('record-checkout', (db) =>
  db
    .update(payments)
    .set({
      providerCheckoutId: placeholderValue<string>('providerCheckoutId'),
      redirectUrl: placeholderValue<string>('redirectUrl'),
      checkoutCheckAt: placeholderValue<Date>('checkoutCheckAt'),
      updatedAt: placeholderValue<Date>('updatedAt'),
    })
    .where(and(eq(payments.id, sql.placeholder('paymentId')), isNull(payments.providerCheckoutId)))
    .returning(),
);

/**
 * Starts the payment at the provider if it is not started yet: the hosted checkout, or the charge
 * of the saved method. Both carry our payment id as idempotency key, so requests racing here get
 * the provider's one checkout or charge.
 */
async function startPayment(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  order: OrderRow;
  payment: PaymentRow;
}): Promise<PaymentRow> {
  const { deps, network, order, payment } = options;
  if (payment.status !== 'OPEN' || payment.providerCheckoutId || payment.providerPaymentId) return payment;
  const description = `${network.network.config.name} #${order.id}`;
  try {
    if (payment.kind === 'CHARGE') {
      const [method] = await deps.db
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.id, order.savedPaymentMethodId ?? 0))
        .limit(1);
      if (!method) throw refusal('SAVED_METHOD_NOT_FOUND', 'savedPaymentMethodId');
      const charge = await deps.payments.chargeSavedMethod({
        methodToken: method.providerToken,
        merchantReference: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        description,
        notifyUrl: notifyUrlOf(deps),
      });
      const [updated] = await deps.db
        .update(payments)
        .set({ providerPaymentId: charge.paymentId, updatedAt: deps.clock.now() })
        .where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)))
        .returning();
      return updated ?? payment;
    }
    const lang: Locale = isLocale(order.lang) ? order.lang : DEFAULT_LOCALE;
    const checkout = await deps.payments.createCheckout({
      merchantReference: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      saveMethod: order.saveMethod || order.installments > 1,
      customerReference: order.buyer.guest ? null : order.buyer.customerNumber,
      locale: lang,
      description,
      returnUrl: shopReturnUrl(network, order, deps.shopPort),
      notifyUrl: notifyUrlOf(deps),
    });
    const [updated] = await recordCheckout(deps.db, {
      paymentId: payment.id,
      providerCheckoutId: checkout.checkoutId,
      redirectUrl: checkout.redirectUrl,
      // The sandbox does not notify an abandoned page: its status is read once it must have ended.
      checkoutCheckAt: new Date(checkout.expiresAt.getTime() + CHECKOUT_READ_AFTER_EXPIRY_MS),
      updatedAt: deps.clock.now(),
    });
    return (
      updated ?? { ...payment, providerCheckoutId: checkout.checkoutId, redirectUrl: checkout.redirectUrl }
    );
  } catch (error) {
    // Never started: unless a retry of the key starts it, the sweep gives the order up at the
    // payment's checkoutCheckAt, written with it.
    throw providerFailed(deps, error, order.id);
  }
}

async function answerOf(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  user: UserRow;
  session: SessionRow;
  token: string;
  order: OrderRow;
  /** The payment just written by this placement: not read again. */
  placed?: { payment: PaymentRow | null };
}): Promise<PlaceOrderAnswer> {
  const { deps, network, order, placed } = options;
  if (order.status === 'ERROR') throw new AppError('PAYMENT_REFUSED');
  if (order.status === 'CANCELED') throw new AppError('PAYMENT_CANCELLED');
  let redirectUrl: string | null = null;
  if (order.status === 'PENDING') {
    const payment = placed ? placed.payment : await firstPaymentOf(deps, order.id);
    if (payment) {
      const started = await startPayment({ deps, network, order, payment });
      redirectUrl = started.kind === 'CHECKOUT' && started.status === 'OPEN' ? started.redirectUrl : null;
    }
  }
  // Its status as it is now: an order placed before, or a saved method's charge, may have moved
  // meanwhile (its notification); a hosted checkout just opened waits for the buyer.
  const [current] =
    placed?.payment?.kind === 'CHECKOUT'
      ? [order]
      : await deps.db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
  return {
    user: await toAuthUser({
      db: deps.db,
      user: options.user,
      session: options.session,
      token: options.token,
    }),
    orderId: order.id,
    networkId: order.networkId,
    status: current?.status ?? order.status,
    totalAmount: order.totalAmount,
    currency: order.currency,
    redirectUrl,
    orderReference: order.publicReference,
  };
}

/** computeAmount's checks for an order that pays nothing: every voucher must apply. */
async function priceFree(
  deps: CheckoutDeps,
  network: LoadedNetwork,
  user: UserRow,
  request: PlaceOrderRequest,
) {
  const priced = await priceOrder({ db: deps.db, clock: deps.clock, network, user, request });
  const position = priced.answer.discounts.findIndex((discount) => discount.error !== null);
  const failed = priced.answer.discounts[position]?.error;
  if (failed && isErrorCode(failed.code)) throw refusal(failed.code, `vouchers.${position}`);
  return priced;
}

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

/** The cart priced as computeAmount prices it, and the checkout's rules (decision 0019). */
async function priceAndCheck(
  deps: CheckoutDeps,
  network: LoadedNetwork,
  user: UserRow,
  request: PlaceOrderRequest,
): Promise<{ priced: PricedOrder['answer']; firstDebit: number; savedMethod: SavedPaymentMethodRow | null }> {
  let priced: PricedOrder['answer'];
  let firstDebit: number;
  if (request.paymentMethod === null) {
    priced = (await priceFree(deps, network, user, request)).answer;
    if (priced.totalAmount > 0) throw new AppError('ORDER_PAYMENT_REQUIRED');
    firstDebit = 0;
  } else {
    const computed = await computeAmount({
      db: deps.db,
      clock: deps.clock,
      network,
      user,
      request: { ...request, paymentMethod: request.paymentMethod, installments: request.installments },
    });
    priced = computed;
    firstDebit = computed.schedule[0]?.amount ?? computed.totalAmount;
  }
  const { savedMethod } = await checkCheckout({
    db: deps.db,
    network,
    user,
    choices: {
      articles: request.articles,
      totalAmount: priced.totalAmount,
      paymentMethod: request.paymentMethod,
      installments: request.installments,
      savedPaymentMethodId: request.savedPaymentMethodId,
      saveMethod: request.saveMethod,
      delivery: request.delivery,
      invoiceEmail: request.invoiceEmail,
    },
  });
  return { priced, firstDebit, savedMethod };
}

/** What placement writes: the order as sold, its lines, its first events and its payment. */
function placedRowsOf(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  user: UserRow;
  request: PlaceOrderRequest;
  hash: string;
  checked: Awaited<ReturnType<typeof priceAndCheck>>;
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
      saveMethod: !guest && !free && (request.saveMethod || installments > 1),
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
        startingAt: isArticle && article?.startingAt ? new Date(article.startingAt) : null,
        fields: isArticle ? (article?.fields ?? {}) : {},
        documents: isArticle ? (article?.documents ?? []) : [],
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

/**
 * Writes the placement: one statement, or with its collect place, its voucher redemptions or the
 * completion of a free order, one transaction. Null when the key was placed already.
 */
async function writePlacement(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  user: UserRow;
  request: PlaceOrderRequest;
  rows: PlacedOrderRows;
  now: Date;
}): Promise<{ order: OrderRow; payment: PaymentRow | null; after: AfterCommit } | null> {
  const { deps, network, user, request, rows, now } = options;
  const config = network.network.config;
  const collect = request.delivery?.mode === 'COLLECT' ? request.delivery : null;
  // Only a collect place, vouchers or a completion make a transaction of the placement.
  return !collect && request.vouchers.length === 0 && rows.payment
    ? await writePlacedOrder(deps.db, rows).then(
        (written) => written && { ...written, after: nothingAfter() },
      )
    : await deps.db
        .transaction(async (tx) => {
          const written = await writePlacedOrder(tx, rows);
          if (!written) throw new OrderKeyPlaced();
          const { order, payment } = written;
          if (collect) {
            // CHK-05, CHK-06: one place of the slot, held until the payment fails or is cancelled.
            await reserveCollectSlot(tx, {
              network: config,
              siteId: collect.siteId,
              slotStart: collect.slotStart,
              orderKey: scopedOrderKey(order),
              now,
            }).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'INVALID_REQUEST')
                throw new AppError('INVALID_REQUEST', {
                  message: error.message,
                  details: {
                    issues: [{ path: 'delivery.slotStart', message: VALIDATION_MESSAGES.invalid }],
                  },
                });
              throw error;
            });
          }
          await redeemOrderVouchers({
            db: tx,
            clock: deps.clock,
            network,
            user,
            orderKey: scopedOrderKey(order),
            codes: request.vouchers,
            articles: request.articles,
            shippingFeeShopItemId: request.shippingFeeShopItemId,
            lang: request.lang,
          });
          const after: AfterCommit = payment
            ? nothingAfter()
            : await completeOrder({ db: tx, network, order, payment: null, savedMethodId: null, now });
          return { order, payment, after };
        })
        .catch((error: unknown) => {
          if (error instanceof OrderKeyPlaced) return null;
          throw error;
        });
}

export async function placeOrder(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  user: UserRow;
  session: SessionRow;
  request: PlaceOrderRequest;
}): Promise<PlaceOrderAnswer> {
  const { deps, network, user, session, request } = options;
  const config = network.network.config;
  const hash = requestHash(request);
  const answer = (order: OrderRow, placed?: { payment: PaymentRow | null }) =>
    answerOf({ deps, network, user, session, token: request.userToken, order, placed });

  // The key placed before: its order, unless the key came with another cart.
  const placedBefore = async () => {
    const existing = await findOrder(deps, network, user, request.orderKey);
    if (existing && existing.requestHash !== hash) throw new AppError('ORDER_KEY_REUSED');
    return existing;
  };
  // A first placement is priced and written without reading the key first: a key placed before
  // meets the orders' unique index, or the pricing's refusal (a voucher it used up, a slot now too
  // near), and then answers its order.
  const checked = await priceAndCheck(deps, network, user, request).catch(async (error: unknown) => {
    const existing = error instanceof AppError ? await placedBefore() : undefined;
    if (existing) return { existing };
    throw error;
  });
  if ('existing' in checked) return answer(checked.existing);

  const now = deps.clock.now();
  const repeat = {
    buyerKey: buyerKeyOf(user, request.invoiceEmail),
    linesKey: linesKeyOf(user, request.articles),
  };
  if (!request.confirmRepeat) {
    // A retry of a key placed before (its confirmation lost with the answer) answers its order.
    const replayed = await checkRepeatOrder({
      db: deps.db,
      network,
      ...repeat,
      orderKey: request.orderKey,
      now,
    }).then(
      () => undefined,
      async (error: unknown) => {
        const existing = await placedBefore();
        if (existing) return existing;
        throw error;
      },
    );
    if (replayed) return answer(replayed);
  }
  const rows = placedRowsOf({ deps, network, user, request, hash, checked, repeat, now });
  const placed = await writePlacement({ deps, network, user, request, rows, now });
  if (!placed) {
    const first = await placedBefore();
    if (!first) throw new Error('an order key conflicted with an order that cannot be found');
    return answer(first);
  }
  await runAfterCommit(deps, placed.after, config.timeZone);
  return answer(placed.order, { payment: placed.payment });
}
