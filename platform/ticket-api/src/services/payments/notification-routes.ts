// The provider's server-to-server notifications (decision 0018, 0019): POST
// /payments/notifications/<provider>, outside the call envelope's request format. The raw body is
// checked against its signature and freshness first (401), then parsed (400), then applied in one
// transaction: a repeated event answers 200 and changes nothing, an event older than the payment's
// last one is ignored, an event whose amount, currency or ids are not its payment's is recorded as a
// mismatch and changes nothing (decision 0022); a success for an order whose network is not loaded
// is recorded and answered 200, its order completed later (decision 0025). A notification about a
// subscription's card setup (decision 0043) goes to it instead. A 2xx tells the provider to stop
// retrying.
import { JSON_BODY_MAX_BYTES } from '@transit-shop/sdk/contract/body-limits';
import { ok } from '@transit-shop/sdk/contract/envelope';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { bodyLimit } from '../../http/body-limit.ts';
import { logAwaitingNetwork } from '../orders/payment-outcome/acknowledge-payment.ts';
import { runAfterCommit } from '../orders/payment-outcome/after-commit.ts';
import { applyPaymentEvent, type PaymentOutcome } from '../orders/payment-outcome/apply-payment-event.ts';
import { applyCardSetupWord, cardSetupOfReference } from '../orders/subscriptions/card-setup.ts';

export const NOTIFICATION_PATH = '/payments/notifications/:provider';

const OUTCOMES: Record<string, PaymentOutcome> = {
  'payment.pending': 'pending',
  'payment.succeeded': 'succeeded',
  'payment.refused': 'refused',
  'payment.cancelled': 'cancelled',
};

export function paymentNotificationRoutes() {
  const app = new Hono<AppEnv>();
  const limit = bodyLimit(JSON_BODY_MAX_BYTES);

  app.post(NOTIFICATION_PATH, limit, async (c) => {
    const deps = c.var.deps;
    if (c.req.param('provider') !== deps.payments.name) throw new AppError('NOT_FOUND');
    const rawBody = await c.req.text();
    const reading = deps.payments.readNotification(c.req.raw.headers, rawBody, deps.clock.now());
    if (!reading.ok) {
      deps.logger.warn(
        { reason: reading.reason, requestId: c.var.requestId },
        'a payment notification was refused',
      );
      if (reading.reason === 'malformed') throw new AppError('INVALID_REQUEST');
      throw new AppError('NOTIFICATION_REFUSED');
    }
    const notification = reading.notification;
    const outcome = OUTCOMES[notification.type];
    if (!outcome) throw new AppError('INVALID_REQUEST');
    const setupId = cardSetupOfReference(notification.merchantReference);
    if (setupId) {
      const applied = await applyCardSetupWord(deps, setupId, {
        outcome,
        checkoutId: notification.checkoutId,
        amount: notification.amount,
        savedMethod: notification.savedMethod,
      });
      return c.json(ok({ received: true, result: applied }), 200);
    }
    const result = await applyPaymentEvent({
      db: deps.db,
      cards: deps.cards,
      clock: deps.clock,
      logger: deps.logger,
      networkOf: (id) => deps.networks.settlingById(id),
      event: {
        id: notification.eventId,
        provider: deps.payments.name,
        outcome,
        sequence: notification.sequence,
        merchantReference: notification.merchantReference,
        checkoutId: notification.checkoutId,
        providerPaymentId: notification.paymentId,
        money: { amount: notification.amount, currency: notification.currency },
        reason: notification.reason,
        savedMethod: notification.savedMethod,
        // What the protocol defines, as parsed: unknown members are not kept.
        payload: notification,
      },
    });
    if (result.kind === 'awaiting-network') logAwaitingNetwork(deps, result);
    if (result.kind === 'applied') await runAfterCommit(deps, result.after, result.timeZone);
    return c.json(ok({ received: true, result: result.kind }), 200);
  });

  return app;
}
