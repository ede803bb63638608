// GET /.well-known/jwks.json on a network's domain (decision 0040): the network's ticket-signing
// public keys as a plain JWK Set, taken from the ticket API, where the keys live; the caching
// headers and ETag come with it. A domain of no network answers 404.
import { JWKS_PATH } from '@transit-shop/sdk/contract/wallet';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { networkOfHost } from '../http/resolve-network.ts';
import { networkNotFound } from '../http/service-error.ts';
import { type ForwardOptions, ticketApiForwarder } from './forward-routes.ts';

export function jwksRoutes(options: ForwardOptions) {
  const forward = ticketApiForwarder(options);
  const app = new Hono<AppEnv>();
  app.get(JWKS_PATH, (c) => {
    if (!networkOfHost(c, options.store.registry)) throw networkNotFound();
    return forward(c, JWKS_PATH);
  });
  return app;
}
