// The placement's checks before anything is written: the cart priced as computeAmount prices it
// (or, for an order that pays nothing, with every voucher applying) and the checkout's rules.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isErrorCode } from '@transit-shop/sdk/errors/error-codes';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { SavedPaymentMethodRow } from '../../../db/schema/payments.ts';
import type { SessionRow } from '../../../db/schema/sessions.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { computeAmount } from '../pricing/compute-amount.ts';
import { refusal } from '../pricing/price-cart.ts';
import { type PricedOrder, priceOrder } from '../pricing/price-order.ts';
import { checkCheckout } from './checkout-rules.ts';
import type { PlaceOrderRequest } from './place-order-request.ts';

/** computeAmount's checks for an order that pays nothing: every voucher must apply. */
async function priceFree(
  deps: CheckoutDeps,
  network: LoadedNetwork,
  caller: { user: UserRow; session: SessionRow },
  request: PlaceOrderRequest,
) {
  const priced = await priceOrder({ db: deps.db, clock: deps.clock, network, ...caller, request });
  const position = priced.answer.discounts.findIndex((discount) => discount.error !== null);
  const failed = priced.answer.discounts[position]?.error;
  if (failed && isErrorCode(failed.code)) throw refusal(failed.code, `vouchers.${position}`);
  return priced;
}

/** The cart priced as computeAmount prices it, and the checkout's rules (decision 0019). */
export async function priceAndCheck(
  deps: CheckoutDeps,
  network: LoadedNetwork,
  caller: { user: UserRow; session: SessionRow },
  request: PlaceOrderRequest,
): Promise<{ priced: PricedOrder['answer']; firstDebit: number; savedMethod: SavedPaymentMethodRow | null }> {
  let priced: PricedOrder['answer'];
  let firstDebit: number;
  if (request.paymentMethod === null) {
    priced = (await priceFree(deps, network, caller, request)).answer;
    if (priced.totalAmount > 0) throw new AppError('ORDER_PAYMENT_REQUIRED');
    firstDebit = 0;
  } else {
    const computed = await computeAmount({
      db: deps.db,
      clock: deps.clock,
      network,
      ...caller,
      request: { ...request, paymentMethod: request.paymentMethod, installments: request.installments },
    });
    priced = computed;
    firstDebit = computed.schedule[0]?.amount ?? computed.totalAmount;
  }
  const { savedMethod } = await checkCheckout({
    db: deps.db,
    cards: deps.cards,
    now: deps.clock.now(),
    network,
    user: caller.user,
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

/** What the checks give the placement. */
export type CheckedOrder = Awaited<ReturnType<typeof priceAndCheck>>;
