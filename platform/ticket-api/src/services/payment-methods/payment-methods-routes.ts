// The saved payment method calls (PAYMENT_METHOD_CALLS, decision 0019): the customer's saved cards
// and bank accounts. The handler picks what the service needs, calls it, and answers; a change
// answers the caller's methods as getCards lists them after it.
import { PAYMENT_METHOD_CALLS } from '@transit-shop/sdk/contract/payment-methods';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { type CallInput, mountCall } from '../../http/mount-call.ts';
import { bookmarkSavedPaymentMethod } from './bookmark-saved-payment-method.ts';
import { listSavedPaymentMethods } from './list-saved-payment-methods.ts';
import { removeSavedPaymentMethod } from './remove-saved-payment-method.ts';
import type { SavedMethodChange } from './saved-method-scope.ts';
import { unbookmarkSavedPaymentMethod } from './unbookmark-saved-payment-method.ts';

/** A handler that makes the change to the named method, then answers the methods as they now are. */
const methodsAfter =
  (change: (options: SavedMethodChange) => Promise<void>) =>
  async ({
    payload,
    deps,
    network,
    user,
  }: Pick<CallInput<typeof PAYMENT_METHOD_CALLS.unregisterCard>, 'deps' | 'network' | 'user'> & {
    payload: { cardId: number };
  }) => {
    const now = deps.clock.now();
    await change({ db: deps.db, network, user, methodId: payload.cardId, now });
    return listSavedPaymentMethods({ db: deps.db, network, user, now });
  };

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
  mountCall(app, PAYMENT_METHOD_CALLS.unregisterCard, methodsAfter(removeSavedPaymentMethod));
  mountCall(app, PAYMENT_METHOD_CALLS.setCardBookmark, methodsAfter(bookmarkSavedPaymentMethod));
  mountCall(app, PAYMENT_METHOD_CALLS.removeCardBookmark, methodsAfter(unbookmarkSavedPaymentMethod));

  return app;
}
