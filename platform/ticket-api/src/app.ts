// The ticket API as one Hono app: each resource is its own Hono app mounted here.
import { Hono } from 'hono';
import type { AppEnv } from './http/app-env.ts';
import { createErrorHandler, notFound } from './http/error-handling.ts';
import { healthRoutes } from './http/health-routes.ts';
import { requestContext } from './http/request-context.ts';
import { answerUnreadBodies } from './http/unread-body.ts';
import { accountRoutes } from './services/account/account-routes.ts';
import type { AppDeps } from './services/app-deps.ts';
import { catalogueRoutes } from './services/catalogue/catalogue-routes.ts';
import { collectRoutes } from './services/collect/collect-routes.ts';
import { documentRoutes } from './services/documents/document-routes.ts';
import { identityRoutes } from './services/identity/identity-routes.ts';
import { mediaRoutes } from './services/media/media-routes.ts';
import { checkoutRoutes } from './services/orders/checkout-routes.ts';
import { orderRoutes } from './services/orders/order-routes.ts';
import { subscriptionRoutes } from './services/orders/subscriptions/subscription-routes.ts';
import { paymentMethodRoutes } from './services/payment-methods/payment-methods-routes.ts';
import { paymentNotificationRoutes } from './services/payments/notification-routes.ts';
import { signInProviderRoutes } from './services/sign-in-providers/sign-in-provider-routes.ts';
import { walletRoutes } from './services/tickets/wallet-routes.ts';

export function createApp(deps: AppDeps, options: { extend?: (app: Hono<AppEnv>) => void } = {}) {
  const app = new Hono<AppEnv>();
  app.use(requestContext(deps));
  app.use(answerUnreadBodies());
  app.onError(createErrorHandler(deps.logger));
  app.notFound(notFound);

  app.route('/healthz', healthRoutes());
  app.route('/', identityRoutes());
  app.route('/', accountRoutes());
  app.route('/', signInProviderRoutes());
  app.route('/', catalogueRoutes());
  app.route('/', orderRoutes());
  app.route('/', checkoutRoutes());
  app.route('/', collectRoutes());
  app.route('/', paymentMethodRoutes());
  app.route('/', subscriptionRoutes());
  app.route('/', mediaRoutes());
  app.route('/', paymentNotificationRoutes());
  app.route('/', walletRoutes());
  app.route('/', documentRoutes());
  options.extend?.(app);
  return app;
}
