// Serves a Hono app over HTTP with @hono/node-server and stops it cleanly.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export type RunningServer = { port: number; close(): Promise<void> };

// Open connections get this long to finish on close() before they are cut.
const CLOSE_GRACE_MS = 5000;

export function startServer(options: { app: Hono; port: number; hostname: string }): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: options.app.fetch, port: options.port, hostname: options.hostname },
      (info: AddressInfo) => {
        resolve({
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              const cut = setTimeout(() => {
                if ('closeAllConnections' in server) server.closeAllConnections();
              }, CLOSE_GRACE_MS);
              cut.unref();
              server.close(() => {
                clearTimeout(cut);
                done();
              });
              // Keep-alive connections would hold close() open: idle ones go now.
              if ('closeIdleConnections' in server) server.closeIdleConnections();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
