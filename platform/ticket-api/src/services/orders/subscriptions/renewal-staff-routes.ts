// POST /subscriptions/renew on the staff listener (decision 0041): the renewals due at an instant,
// run by this process with its own database, provider, mailer and ticket signer (renew-as-at.ts).
import { ok } from '@transit-shop/sdk/contract/envelope';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { invalidRequestError } from '@transit-shop/sdk/errors/invalid-request';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import type { AppEnv } from '../../../http/app-env.ts';
import { RenewAheadRefused, renewAsAt, renewAsAtRequestSchema, STAFF_RENEW_PATH } from './renew-as-at.ts';

export function renewalStaffRoutes(options: { production: boolean }) {
  const app = new Hono<AppEnv>();
  app.post(
    STAFF_RENEW_PATH,
    validator('json', (value) => {
      const parsed = renewAsAtRequestSchema.safeParse(value);
      if (!parsed.success) throw invalidRequestError(parsed.error, value);
      return parsed.data;
    }),
    async (c) => {
      try {
        return c.json(ok(await renewAsAt(c.var.deps, new Date(c.req.valid('json').at), options)));
      } catch (error) {
        if (error instanceof RenewAheadRefused) throw new AppError('INVALID_REQUEST');
        throw error;
      }
    },
  );
  return app;
}
