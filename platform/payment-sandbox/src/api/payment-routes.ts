// GET /v1/payments/:id: a payment's state, for a merchant that missed its notifications.
// POST /v1/payments/:id/settle, a test helper: settles a pending SEPA debit now.
import { Hono } from 'hono';
import { ApiError } from '../http/api-error.ts';
import { readId } from '../http/json-body.ts';
import { settleDebit } from '../payments/payment-events.ts';
import type { SandboxDeps } from '../payments/sandbox-deps.ts';
import { type PaymentAnswer, type PaymentStateAnswer, paymentIdSchema } from '../protocol/schemas.ts';

const paymentNotFound = () => new ApiError(404, 'payment_not_found', 'No payment has this id');

export function paymentRoutes(deps: SandboxDeps) {
  const app = new Hono();

  app.get('/:id', (c) => {
    const id = readId(c.req.param('id'), paymentIdSchema, paymentNotFound());
    const payment = deps.store.payments.get(id);
    if (!payment) throw paymentNotFound();
    return c.json<PaymentStateAnswer>(
      {
        id: payment.id,
        checkoutId: payment.checkoutId,
        merchantReference: payment.merchantReference,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        purpose: payment.purpose,
        reason: payment.reason,
        sequence: payment.sequence,
      },
      200,
    );
  });

  app.post('/:id/settle', async (c) => {
    const id = readId(c.req.param('id'), paymentIdSchema, paymentNotFound());
    const payment = deps.store.payments.get(id);
    if (!payment) throw paymentNotFound();
    const settled = payment.status === 'succeeded' || payment.status === 'refused';
    if (payment.status !== 'pending' && !(settled && payment.settlement)) {
      throw new ApiError(409, 'payment_not_pending', `The payment is ${payment.status}, not a pending debit`);
    }
    // Settling twice answers the settled state again; the notification is awaited like the page does.
    await settleDebit(deps, payment);
    return c.json<PaymentAnswer>({ id: payment.id, status: payment.status }, 200);
  });

  return app;
}
