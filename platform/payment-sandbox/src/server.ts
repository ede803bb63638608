// Serves the sandbox's Hono app over HTTP (@hono/node-server) and stops it cleanly.
import { type RunningServer, startServer as serve } from '@transit-shop/service-kit/http-server';
import type { Hono } from 'hono';

export type { RunningServer };

// Open connections get this long to finish on close() before they are cut.
const CLOSE_GRACE_MS = 5000;

export function startServer(options: { app: Hono; port: number; hostname: string }): Promise<RunningServer> {
  return serve({
    fetch: options.app.fetch,
    port: options.port,
    hostname: options.hostname,
    closeGraceMs: CLOSE_GRACE_MS,
  });
}
