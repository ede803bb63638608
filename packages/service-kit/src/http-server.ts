// Serving a Hono app's fetch with @hono/node-server, closing a server gracefully, and stopping a
// service once on SIGTERM or SIGINT.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export type RunningServer = {
  port: number;
  /** Stops taking connections and resolves once the open ones have ended (or were cut). */
  close(): Promise<void>;
};

type Closable = Pick<Server, 'close'> & Partial<Pick<Server, 'closeIdleConnections' | 'closeAllConnections'>>;

/**
 * Closes a server: idle keep-alive connections go now (they would hold close() open), busy ones
 * are cut after graceMs.
 */
export function closeGracefully(server: Closable, graceMs: number): Promise<void> {
  return new Promise((done) => {
    const cut = setTimeout(() => server.closeAllConnections?.(), graceMs);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      done();
    });
    server.closeIdleConnections?.();
  });
}

/** Listens; resolves once the port is open, rejects when it cannot be. */
export function startServer(options: {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  hostname: string;
  /** How long open connections get to finish on close() before they are cut. */
  closeGraceMs: number;
}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: options.fetch, port: options.port, hostname: options.hostname },
      (info: AddressInfo) => {
        resolve({ port: info.port, close: () => closeGracefully(server as Closable, options.closeGraceMs) });
      },
    );
    server.once('error', reject);
  });
}

/** Runs stop once, on the first SIGTERM or SIGINT, after logging it. */
export function onStopSignal(
  logger: { info(object: object, message: string): void },
  stop: (signal: NodeJS.Signals) => void | Promise<void>,
): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    void stop(signal);
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
