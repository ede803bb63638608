// What a placement answers: the order's status as it is now, and the provider's page to open while
// its payment waits for the buyer (its payment started first, when it is not started yet).
import type { PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, eq } from 'drizzle-orm';
import { type OrderRow, orders } from '../../../db/schema/orders.ts';
import { type PaymentRow, payments } from '../../../db/schema/payments.ts';
import type { SessionRow } from '../../../db/schema/sessions.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { toAuthUser } from '../../account/auth-user.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { startPayment } from './start-payment.ts';

async function firstPaymentOf(deps: CheckoutDeps, orderId: number): Promise<PaymentRow | undefined> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.instalmentNumber, 1)))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return payment;
}

export async function answerOf(options: {
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
      network,
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
