// The order calls before payment (ORDER_CALLS): Order/verify.json, Order/computeAmount.json and
// Order/redeemVoucher.json. Handlers only pick what the services need, call them, and answer.
import { ORDER_CALLS } from '@transit-shop/sdk/contract/order';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import { computeAmount } from './pricing/compute-amount.ts';
import { priceOrder, resolveOptionalCaller } from './pricing/price-order.ts';
import { redeemVoucher } from './pricing/redeem-voucher.ts';

export function orderRoutes() {
  const app = new Hono<AppEnv>();

  mountCall(app, ORDER_CALLS.verify, async ({ payload, deps, network }) => {
    const caller = await resolveOptionalCaller({
      db: deps.db,
      clock: deps.clock,
      policy: deps.sessionPolicy,
      network,
      userToken: payload.userToken,
      userId: payload.userId,
    });
    const { answer } = await priceOrder({
      db: deps.db,
      clock: deps.clock,
      network,
      ...caller,
      request: payload,
    });
    return answer;
  });

  mountCall(app, ORDER_CALLS.computeAmount, async ({ payload, deps, network }) => {
    const caller = await resolveOptionalCaller({
      db: deps.db,
      clock: deps.clock,
      policy: deps.sessionPolicy,
      network,
      userToken: payload.userToken,
      userId: payload.userId,
    });
    return computeAmount({ db: deps.db, clock: deps.clock, network, ...caller, request: payload });
  });

  mountCall(app, ORDER_CALLS.redeemVoucher, ({ payload, deps, network, user, session }) =>
    redeemVoucher({ db: deps.db, clock: deps.clock, network, user, session, request: payload }),
  );

  return app;
}
