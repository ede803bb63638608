// The checkout's calls (CHECKOUT_CALLS, decision 0019): placing and creating orders, the customer's
// orders, one order's history and its invoice, the browser's return from the provider, and an order's
// outcome by its reference (decision 0021). Handlers only pick what the services need, call them, and
// answer.
import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import { printOrder } from './confirmation/print-order.ts';
import { getOrders, orderHistory } from './order-queries.ts';
import { acknowledgePayment } from './payment-outcome/acknowledge-payment.ts';
import { orderOutcome } from './payment-outcome/order-outcome.ts';
import { placeOrder } from './placement/place-order.ts';

export function checkoutRoutes() {
  const app = new Hono<AppEnv>();

  mountCall(app, CHECKOUT_CALLS.placeOrder, ({ payload, deps, network, user, session }) =>
    placeOrder({ deps, network, user, session, request: payload }),
  );

  mountCall(app, CHECKOUT_CALLS.create, ({ payload, deps, network, user, session }) =>
    placeOrder({
      deps,
      network,
      user,
      session,
      request: {
        ...payload,
        paymentMethod: null,
        installments: 1,
        savedPaymentMethodId: null,
        saveMethod: false,
        returnUrl: null,
      },
    }),
  );

  mountCall(app, CHECKOUT_CALLS.getOrders, ({ payload, deps, network, user }) =>
    getOrders({
      db: deps.db,
      cards: deps.cards,
      network,
      user,
      page: payload.page,
      pageSize: payload.pageSize,
    }),
  );

  mountCall(app, CHECKOUT_CALLS.history, ({ payload, deps, network, user }) =>
    orderHistory({ db: deps.db, cards: deps.cards, network, user, orderId: payload.orderId }),
  );

  mountCall(app, CHECKOUT_CALLS.printOrder, ({ payload, deps, network, user }) =>
    printOrder({ db: deps.db, network, user, orderId: payload.orderId }),
  );

  mountCall(app, CHECKOUT_CALLS.acknowledge, ({ payload, deps, network, user }) =>
    acknowledgePayment({ deps, network, user, orderId: payload.orderId, checkoutId: payload.checkoutId }),
  );

  mountCall(app, CHECKOUT_CALLS.outcome, ({ payload, deps, network }) =>
    orderOutcome({ deps, network, reference: payload.orderReference }),
  );

  return app;
}
