// POST /v1/methods/:token/revoke, a test helper: the customer's bank revokes a saved SEPA mandate.
import { Hono } from 'hono';
import { ApiError } from '../http/api-error.ts';
import { readId } from '../http/json-body.ts';
import { revokeMandate } from '../payments/revoke-mandate.ts';
import type { SandboxDeps } from '../payments/sandbox-deps.ts';
import { methodTokenSchema, type RevokedMandateAnswer } from '../protocol/schemas.ts';

const methodNotFound = () => new ApiError(404, 'method_not_found', 'No saved method has this token');

export function methodRoutes(deps: SandboxDeps) {
  const app = new Hono();

  app.post('/:token/revoke', (c) => {
    const token = readId(c.req.param('token'), methodTokenSchema, methodNotFound());
    const revocation = revokeMandate(deps, token);
    if (revocation.kind === 'not_found') throw methodNotFound();
    if (revocation.kind === 'not_a_mandate') {
      throw new ApiError(
        409,
        'method_not_revocable',
        'Only a SEPA mandate is revoked; this method is a card',
      );
    }
    // Revoking again answers the same: the mandate stays revoked since the first time.
    return c.json<RevokedMandateAnswer>(
      { token: revocation.token, status: 'revoked', revokedAt: revocation.revokedAt.toISOString() },
      200,
    );
  });

  return app;
}
