// The saved payment method calls (PAYMENT_METHOD_CALLS, decision 0019): the customer's saved cards
// and bank accounts. The handler picks what the service needs, calls it, and answers; a change
// answers the caller's methods as getCards lists them after it.
import { PAYMENT_METHOD_CALLS } from '@transit-shop/sdk/contract/payment-methods';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import { bookmarkSavedPaymentMethod } from './bookmark-saved-payment-method.ts';
import { listSavedPaymentMethods } from './list-saved-payment-methods.ts';
import { removeSavedPaymentMethod } from './remove-saved-payment-method.ts';
import { unbookmarkSavedPaymentMethod } from './unbookmark-saved-payment-method.ts';

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

  // These calls name no network: mountCall takes it from the tenant service's header.
  mountCall(app, PAYMENT_METHOD_CALLS.unregisterCard, async ({ payload, deps, network, user }) => {
    await removeSavedPaymentMethod({
      db: deps.db,
      network,
      user,
      methodId: payload.cardId,
      now: deps.clock.now(),
    });
    return listSavedPaymentMethods({ db: deps.db, network, user, now: deps.clock.now() });
  });

  mountCall(app, PAYMENT_METHOD_CALLS.setCardBookmark, async ({ payload, deps, network, user }) => {
    await bookmarkSavedPaymentMethod({
      db: deps.db,
      network,
      user,
      methodId: payload.cardId,
      now: deps.clock.now(),
    });
    return listSavedPaymentMethods({ db: deps.db, network, user, now: deps.clock.now() });
  });

  mountCall(app, PAYMENT_METHOD_CALLS.removeCardBookmark, async ({ payload, deps, network, user }) => {
    await unbookmarkSavedPaymentMethod({
      db: deps.db,
      network,
      user,
      methodId: payload.cardId,
      now: deps.clock.now(),
    });
    return listSavedPaymentMethods({ db: deps.db, network, user, now: deps.clock.now() });
  });

  return app;
}
