// The Subscriptions calls (SUBSCRIPTION_CALLS, decision 0043): the handler picks what the service
// needs, calls it, and answers.
import { SUBSCRIPTION_CALLS } from '@transit-shop/sdk/contract/subscriptions';
import { Hono } from 'hono';
import type { AppEnv } from '../../../http/app-env.ts';
import { mountCall } from '../../../http/mount-call.ts';
import { readCardSetup, startCardSetup } from './card-setup.ts';
import {
  getSubscription,
  listSubscriptions,
  readTerminationLink,
  terminateByLink,
  terminateSubscription,
  updateSubscriptionCard,
} from './subscription-calls.ts';

export function subscriptionRoutes() {
  const app = new Hono<AppEnv>();
  mountCall(app, SUBSCRIPTION_CALLS.list, ({ deps, network, user }) =>
    listSubscriptions({ deps, network, user }),
  );
  mountCall(app, SUBSCRIPTION_CALLS.get, ({ payload, deps, network, user }) =>
    getSubscription({ deps, network, user }, payload.subscriptionId),
  );
  mountCall(app, SUBSCRIPTION_CALLS.terminate, ({ payload, deps, network, user }) =>
    terminateSubscription({ deps, network, user }, payload.subscriptionId),
  );
  mountCall(app, SUBSCRIPTION_CALLS.updateCard, ({ payload, deps, network, user }) =>
    updateSubscriptionCard({ deps, network, user }, payload.subscriptionId, payload.cardId),
  );
  mountCall(app, SUBSCRIPTION_CALLS.startCardSetup, ({ payload, deps, network, user }) =>
    startCardSetup({ deps, network, user }, payload),
  );
  mountCall(app, SUBSCRIPTION_CALLS.readCardSetup, ({ payload, deps, network, user }) =>
    readCardSetup({ deps, network, user }, payload),
  );
  mountCall(app, SUBSCRIPTION_CALLS.readTerminationLink, ({ payload, deps, network }) =>
    readTerminationLink(deps, network, payload.token),
  );
  mountCall(app, SUBSCRIPTION_CALLS.terminateByLink, ({ payload, deps, network }) =>
    terminateByLink(deps, network, payload.token),
  );
  return app;
}
