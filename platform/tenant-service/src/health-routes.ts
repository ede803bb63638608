// GET /healthz: liveness for load balancers, answered for any host.

import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';

export function healthRoutes(options: { store: TenantStore }) {
  const app = new Hono<AppEnv>();
  app.get('/', (c) =>
    c.json({ status: 'ok', networks: options.store.registry.all().length }, 200, {
      'cache-control': 'no-store',
    }),
  );
  return app;
}
