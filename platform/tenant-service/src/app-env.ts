// Types shared by the service's Hono apps: what a request carries from middleware to handlers.
import type { IncomingMessage } from 'node:http';
import type { LoadedNetwork } from '@transit-shop/tenancy';

export type AppEnv = {
  /** Set by @hono/node-server; absent when a test calls app.request(). */
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    requestId: string;
    /** The network the request was resolved to, for the request log. */
    network: LoadedNetwork | undefined;
  };
};
