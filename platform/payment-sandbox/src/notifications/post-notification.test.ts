import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postNotification } from './post-notification.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

describe('a notification sent to the shop', () => {
  it('posts the signed body as it is, reads the status and keeps the connection', async () => {
    const seen: { body: string; signature?: string; length?: string; port?: number }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({
          body,
          signature: request.headers['sandbox-signature'] as string | undefined,
          length: request.headers['content-length'],
          port: request.socket.remotePort,
        });
        response.writeHead(seen.length === 1 ? 204 : 500).end('not read');
      });
    });
    servers.push(server);
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/notifications/sandbox`;
    const body = '{"id":"evt_1","type":"payment.succeeded","amount":1250,"description":"Lumière"}';
    const init = {
      headers: { 'content-type': 'application/json', 'sandbox-signature': 't=1,v1=abc' },
      body,
      signal: AbortSignal.timeout(5_000),
    };
    expect(await postNotification(url, init)).toEqual({ status: 204 });
    expect(await postNotification(url, init)).toEqual({ status: 500 });
    expect(seen[0]).toMatchObject({ body, signature: 't=1,v1=abc', length: String(Buffer.byteLength(body)) });
    expect(seen[1]?.port).toBe(seen[0]?.port);
  });

  it('fails when nothing answers', async () => {
    await expect(
      postNotification('http://127.0.0.1:9/unreachable', {
        headers: {},
        body: '{}',
        signal: AbortSignal.timeout(5_000),
      }),
    ).rejects.toThrow();
  });
});
