// The maintenance-alert beacon: GET /alerts?channel=a,b&displayed=true (spec 02 §7, ALERT-07).
import type { TenantRegistry } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { strictQuery } from '../http/strict-query.ts';
import { type AlertIndex, alertsForChannels, buildAlertIndex } from './alert-index.ts';

const CHANNEL = /^(?:global|network\/[1-9]\d{0,9})(?:\/[A-Z][A-Z0-9_]*)?$/;
const MAX_CHANNELS = 50;
// Answers are cached per distinct query; the bound keeps arbitrary queries from growing memory.
const MAX_CACHED_ANSWERS = 500;

const beaconQuery = z
  .object({
    channel: z
      .string({ message: 'channel is required (comma-joined channels)' })
      .transform((value) => [...new Set(value.split(',').map((channel) => channel.trim()))].filter(Boolean))
      .pipe(
        z
          .array(
            z
              .string()
              .regex(CHANNEL, 'channels are global, global/{FLAG}, network/{id} or network/{id}/{FLAG}'),
          )
          .min(1, 'channel is required (comma-joined channels)')
          .max(MAX_CHANNELS, `at most ${MAX_CHANNELS} channels`),
      ),
    displayed: z.enum(['true', 'false'], { message: 'true or false' }).optional(),
  })
  .strict();

type Indexed = { index: AlertIndex; answers: Map<string, string> };

export function alertRoutes(options: { store: TenantStore; maxAgeSeconds: number }) {
  const cacheControl = `public, max-age=${options.maxAgeSeconds}`;
  const indexes = new WeakMap<TenantRegistry, Indexed>();
  const indexed = (registry: TenantRegistry): Indexed => {
    let entry = indexes.get(registry);
    if (!entry) {
      entry = { index: buildAlertIndex(registry), answers: new Map() };
      indexes.set(registry, entry);
    }
    return entry;
  };

  const app = new Hono<AppEnv>();
  // A beacon may be shared by shops on other origins: readable from anywhere, this route only.
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'] }));
  app.get('/', strictQuery(beaconQuery), (c) => {
    const { channel: channels, displayed } = c.req.valid('query');
    const { index, answers } = indexed(options.store.registry);
    const key = `${displayed === 'true' ? '1' : '0'}${channels.join(',')}`;
    let body = answers.get(key);
    if (body === undefined) {
      body = JSON.stringify({ payload: alertsForChannels(index, channels, displayed === 'true') });
      if (answers.size >= MAX_CACHED_ANSWERS) answers.clear();
      answers.set(key, body);
    }
    return c.body(body, 200, { 'content-type': 'application/json', 'cache-control': cacheControl });
  });
  return app;
}
