// The saved payment method calls (PAYMENT_METHOD_CALLS, decision 0019): the customer's saved cards
// and bank accounts. The handler picks what the service needs, calls it, and answers.
import { PAYMENT_METHOD_CALLS } from '@transit-shop/sdk/contract/payment-methods';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import { listSavedPaymentMethods } from './list-saved-payment-methods.ts';

export function paymentMethodRoutes() {
  const app = new Hono<AppEnv>();

  mountCall(app, PAYMENT_METHOD_CALLS.getCards, ({ payload, deps, network, user }) =>
    listSavedPaymentMethods({
      db: deps.db,
      network,
      user,
      methods: payload.methods,
      now: deps.clock.now(),
    }),
  );

  return app;
}
