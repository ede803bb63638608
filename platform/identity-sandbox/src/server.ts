// The sandbox's HTTP server: it listens first, because the issuers' URLs may depend on the port it
// gets (PORT=0 in tests), and answers once the sandbox behind it is ready.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefully } from '@transit-shop/service-kit/http-server';

// Open connections get this long to finish on close() before they are cut.
const CLOSE_GRACE_MS = 5000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export type ListeningServer = {
  port: number;
  /** Serves with this handler from now on; requests that came before wait for it. */
  serve(handler: Handler): void;
  close(): Promise<void>;
};

export function listen(options: { port: number; hostname: string }): Promise<ListeningServer> {
  let serve: (handler: Handler) => void = () => {};
  const ready = new Promise<Handler>((resolve) => {
    serve = resolve;
  });
  const server = createServer((req, res) => {
    void ready.then((handler) => handler(req, res));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        serve,
        close: () => closeGracefully(server, CLOSE_GRACE_MS),
      });
    });
  });
}
