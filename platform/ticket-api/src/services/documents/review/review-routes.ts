// POST /documents/review on the staff listener (decision 0041): a review action, checked with the
// schema the command checks it with, carried out here with this process's database, clock, mailer
// and shop port, so the decision's email links to the shop as its other emails do.
import { ok } from '@transit-shop/sdk/contract/envelope';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { invalidRequestError } from '@transit-shop/sdk/errors/invalid-request';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import type { AppEnv } from '../../../http/app-env.ts';
import { documentStorageOf } from '../document-storage.ts';
import { performReviewAction } from './perform-review-action.ts';
import { REVIEW_ANSWERS, STAFF_REVIEW_PATH, staffReviewRequestSchema } from './review-actions.ts';

export function reviewRoutes() {
  const app = new Hono<AppEnv>();
  app.post(
    STAFF_REVIEW_PATH,
    validator('json', (value) => {
      const parsed = staffReviewRequestSchema.safeParse(value);
      if (!parsed.success) throw invalidRequestError(parsed.error, value);
      return parsed.data;
    }),
    async (c) => {
      const { deps } = c.var;
      const { network: slug, reviewer, action } = c.req.valid('json');
      const network = deps.networks.all().find((candidate) => candidate.network.slug === slug);
      if (!network) throw new AppError('NETWORK_NOT_FOUND');
      c.set('networkSlug', slug);
      const answer = await performReviewAction(
        {
          db: deps.db,
          network,
          now: deps.clock.now(),
          mailer: deps.mailer,
          logger: deps.logger,
          shopPort: deps.shopPort,
          storage: documentStorageOf(deps),
        },
        { reviewer, action },
      );
      return c.json(ok(REVIEW_ANSWERS[action.action].parse(answer)), 200);
    },
  );
  return app;
}
