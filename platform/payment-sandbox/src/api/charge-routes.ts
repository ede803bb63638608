// POST /v1/charges debits a saved method; its outcome also comes as a notification.
import { Hono } from 'hono';
import { ApiError } from '../http/api-error.ts';
import { idempotent, readIdempotencyKey } from '../http/idempotency.ts';
import { readJsonBody } from '../http/json-body.ts';
import { chargeSavedMethod } from '../payments/charge-saved-method.ts';
import type { SandboxDeps } from '../payments/sandbox-deps.ts';
import { type ChargeAnswer, chargeRequestSchema } from '../protocol/schemas.ts';

export function chargeRoutes(deps: SandboxDeps) {
  const app = new Hono();

  app.post('/', async (c) => {
    const key = readIdempotencyKey(c);
    const request = await readJsonBody(c, chargeRequestSchema);
    const answer = idempotent<ChargeAnswer>({
      store: deps.store,
      scope: 'charges',
      key,
      request,
      create: () => {
        const payment = chargeSavedMethod(deps, request);
        if (!payment) throw new ApiError(404, 'method_not_found', 'No saved method has this token');
        return { id: payment.id, status: payment.status, purpose: payment.purpose };
      },
    });
    return c.json(answer, 201);
  });

  return app;
}
