// The payment started at the provider after the placement's commit (decision 0019): the hosted
// checkout, or the charge of the saved method, with our payment id as idempotency key.
import { ORDER_REFERENCE_PARAM } from '@transit-shop/sdk/contract/checkout';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OrderRow } from '../../../db/schema/orders.ts';
import { type PaymentRow, payments, savedPaymentMethods } from '../../../db/schema/payments.ts';
import { builtOnce, placeholderValue } from '../../../hot-path/built-once.ts';
import { PaymentProviderError } from '../../payments/payment-provider.ts';
import { type CheckoutDeps, notifyUrlOf } from '../checkout-deps.ts';
import { recordChargeSent } from '../payment-outcome/charge-reads.ts';
import { refusal } from '../pricing/price-cart.ts';

/** Ours: a checkout is read this long after its page's expiry. */
const CHECKOUT_READ_AFTER_EXPIRY_MS = 60_000;

/**
 * The shop's page the provider sends the browser back to, with the order's public reference: the
 * page reads the order's outcome from it in whatever tab, browser or device the return lands in.
 */
function shopReturnUrl(network: LoadedNetwork, order: OrderRow, shopPort: number | undefined): string {
  const url = shopAddressOf(network, order.returnPath ?? '/', shopPort);
  url.searchParams.set(ORDER_REFERENCE_PARAM, order.publicReference);
  return url.toString();
}

/** A path of the network's shop as an absolute address on its first domain. */
export function shopAddressOf(network: LoadedNetwork, path: string, shopPort: number | undefined): URL {
  const domain = network.network.config.domains[0] ?? 'localhost';
  const scheme = domain === 'localhost' || domain.endsWith('.localhost') ? 'http' : 'https';
  const url = new URL(`${scheme}://${domain}${path}`);
  if (shopPort !== undefined) url.port = String(shopPort);
  return url;
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
export async function startPayment(options: {
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
        // The buyer is at the checkout: a customer-initiated charge of a saved method.
        purpose: null,
      });
      const updated = await recordChargeSent(deps.db, {
        paymentId: payment.id,
        providerPaymentId: charge.paymentId,
        now: deps.clock.now(),
      });
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
