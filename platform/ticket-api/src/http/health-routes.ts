// GET /healthz: liveness and readiness for load balancers; answers 503 while the database does not.
import { ko, ok } from '@transit-shop/sdk/contract/envelope';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';

export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { deps } = c.var;
    if (!(await deps.pingDatabase())) {
      return c.json(ko('SERVICE_UNAVAILABLE', 'The database does not answer'), 503);
    }
    return c.json(ok({ database: 'ok', networks: deps.networks.all().length }), 200);
  });
  return app;
}
