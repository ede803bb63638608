// POST /v1/checkouts opens a hosted payment page; GET /v1/checkouts/:id tells its state.
import { Hono } from 'hono';
import { ApiError } from '../http/api-error.ts';
import { idempotent, readIdempotencyKey } from '../http/idempotency.ts';
import { readId, readJsonBody } from '../http/json-body.ts';
import { describeCheckout } from '../payments/checkout-state.ts';
import { checkoutUrl, openCheckout } from '../payments/open-checkout.ts';
import type { SandboxDeps } from '../payments/sandbox-deps.ts';
import {
  type CheckoutAnswer,
  type CreateCheckoutAnswer,
  checkoutIdSchema,
  createCheckoutRequestSchema,
} from '../protocol/schemas.ts';

const checkoutNotFound = () => new ApiError(404, 'checkout_not_found', 'No checkout has this id');

export function checkoutRoutes(deps: SandboxDeps) {
  const app = new Hono();

  app.post('/', async (c) => {
    const key = readIdempotencyKey(c);
    const request = await readJsonBody(c, createCheckoutRequestSchema);
    const answer = idempotent<CreateCheckoutAnswer>({
      store: deps.store,
      scope: 'checkouts',
      key,
      request,
      create: () => {
        const checkout = openCheckout(deps, request);
        return {
          id: checkout.id,
          url: checkoutUrl(deps, checkout),
          expiresAt: checkout.expiresAt.toISOString(),
        };
      },
    });
    return c.json(answer, 201);
  });

  app.get('/:id', (c) => {
    const id = readId(c.req.param('id'), checkoutIdSchema, checkoutNotFound());
    const checkout = deps.store.checkouts.get(id);
    if (!checkout) throw checkoutNotFound();
    return c.json<CheckoutAnswer>(describeCheckout(deps, checkout), 200);
  });

  return app;
}
