// Order/placeOrder.json and Order/create.json (decision 0019): the cart priced as computeAmount
// prices it, the checkout's rules, then the order, its lines and its payment in one statement keyed
// by (network, customer, orderKey) (with its collect place and voucher redemptions, one
// transaction), and, after the commit, the provider's hosted checkout (or the charge of a saved
// method) with our payment id as its idempotency key. The same key answers the same order,
// however many times and however concurrently it is sent. A new order of lines the buyer bought
// minutes ago waits for the buyer's confirmation (repeat-order.ts), and the provider sends the
// browser back with the order's public reference (decision 0021).
//
// The steps, each in a module of its own: the checks and the price (price-and-check.ts), the
// repeat question (repeat-order.ts), the rows (placed-rows.ts) and their writing
// (write-placement.ts), then the work after the commit and the answer, which starts the payment
// (placement-answer.ts, start-payment.ts). A key placed before answers its order (order-key.ts).
import type { PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { OrderRow } from '../../../db/schema/orders.ts';
import type { PaymentRow } from '../../../db/schema/payments.ts';
import type { SessionRow } from '../../../db/schema/sessions.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { runAfterCommit } from '../payment-outcome/after-commit.ts';
import { findOrder, requestHash } from './order-key.ts';
import type { PlaceOrderRequest } from './place-order-request.ts';
import { placedRowsOf } from './placed-rows.ts';
import { answerOf } from './placement-answer.ts';
import { priceAndCheck } from './price-and-check.ts';
import { buyerKeyOf, checkRepeatOrder, linesKeyOf } from './repeat-order.ts';
import { writePlacement } from './write-placement.ts';

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
  const checked = await priceAndCheck(deps, network, { user, session }, request).catch(
    async (error: unknown) => {
      const existing = error instanceof AppError ? await placedBefore() : undefined;
      if (existing) return { existing };
      throw error;
    },
  );
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
      userId: user.id,
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
