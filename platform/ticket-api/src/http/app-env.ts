// Types shared by the service's Hono apps: what every request carries from middleware to handlers.
import type { IncomingMessage } from 'node:http';
import type { AppDeps } from '../services/app-deps.ts';

export type AppEnv = {
  /** Set by @hono/node-server; absent when a test calls app.request(). */
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    requestId: string;
    deps: AppDeps;
    /** The network the call was resolved to, for the request log. */
    networkSlug: string | undefined;
  };
};
