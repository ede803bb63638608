import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import {
  BODY_TOO_LARGE_MESSAGE,
  JSON_BODY_MAX_BYTES,
  MULTIPART_BODY_MAX_BYTES,
} from '@transit-shop/sdk/contract/body-limits';
import { ko } from '@transit-shop/sdk/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type FixtureDirs, removeFixture } from '../test-support/fixtures.ts';
import { startService } from '../test-support/service.ts';

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

let dirs: FixtureDirs;
let upstream: Server;
let upstreamUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  dirs = await createFixture();
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(201, {
        'content-type': 'application/json',
        'x-ticket-api': 'yes',
        'set-cookie': [
          'device=from-the-ticket-api; Path=/api; HttpOnly; SameSite=Strict',
          'second=2; Path=/api',
        ],
      });
      response.end(JSON.stringify({ status: 'ok', response: { orderId: 77 } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  await removeFixture(dirs);
});

describe('forwarding /api/* to the ticket API', () => {
  it('forwards method, path, query, body and headers, adding X-Network-Id and passing X-Request-Id', async () => {
    const service = await startService(dirs, { TICKET_API_URL: `${upstreamUrl}/api` });
    const response = await service.app.request('/api/Order/placeOrder.json?lang=fr&network_id=201', {
      method: 'POST',
      headers: {
        host: 'alpha.localhost:8080',
        'content-type': 'application/json',
        authorization: 'Bearer abc',
        'x-request-id': 'order-req-1',
        'x-network-id': '999',
        'proxy-authorization': 'Basic secret',
      },
      body: JSON.stringify({ articles: [{ productId: 4 }] }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-ticket-api')).toBe('yes');
    expect(response.headers.get('x-request-id')).toBe('order-req-1');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({ status: 'ok', response: { orderId: 77 } });

    const request = received.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/Order/placeOrder.json?lang=fr&network_id=201',
      body: JSON.stringify({ articles: [{ productId: 4 }] }),
    });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer abc',
      'x-request-id': 'order-req-1',
      'x-network-id': '201',
      'x-forwarded-host': 'alpha.localhost:8080',
    });
    expect(request?.headers['proxy-authorization']).toBeUndefined();
  });

  it('forwards a GET from an unknown host without a network id', async () => {
    const service = await startService(dirs, { TICKET_API_URL: upstreamUrl });
    const response = await service.get('nowhere.example', '/api/Products/getProducts.json?type=2');
    expect(response.status).toBe(201);
    expect(received.at(-1)).toMatchObject({
      method: 'GET',
      url: '/Products/getProducts.json?type=2',
      body: '',
    });
    expect(received.at(-1)?.headers['x-network-id']).toBeUndefined();
  });

  it('keeps the Networks and Terms calls it serves itself', async () => {
    const service = await startService(dirs, { TICKET_API_URL: upstreamUrl });
    const count = received.length;
    expect((await service.get('alpha.localhost', '/api/Networks/getNetworks.json')).status).toBe(200);
    expect(received.length).toBe(count);
  });

  it('answers 503 ko SERVICE_UNAVAILABLE when no ticket API is configured', async () => {
    const service = await startService(dirs);
    const response = await service.get('alpha.localhost', '/api/Account/getUser.json');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: 'ko',
      response: { error: { code: 'SERVICE_UNAVAILABLE' } },
    });
  });

  it('answers 502 ko BAD_GATEWAY when the ticket API does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const service = await startService(dirs, { TICKET_API_URL: `http://127.0.0.1:${port}` });
    const response = await service.get('alpha.localhost', '/api/Account/getUser.json');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      status: 'ko',
      response: { error: { code: 'BAD_GATEWAY' } },
    });
  });

  it("sends the client's address in X-Forwarded-For in place of what the caller wrote, and passes cookies both ways", async () => {
    for (const [trustedProxies, expected] of [
      // The tenant service is the edge: the socket's peer is the client, whatever it claims.
      ['none', '127.0.0.1'],
      // Behind a load balancer on loopback: the balancer's X-Forwarded-For names the client.
      ['loopback', '203.0.113.9'],
    ] as const) {
      const service = await startService(dirs, {
        TICKET_API_URL: upstreamUrl,
        TRUSTED_PROXIES: trustedProxies,
      });
      const server = createServer(getRequestListener(service.app.fetch));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const answer = await new Promise<{ status: number; setCookie: string[] }>((resolve, reject) => {
          const outgoing = httpRequest(
            {
              host: '127.0.0.1',
              port: (server.address() as AddressInfo).port,
              method: 'POST',
              path: '/api/identity/signInWithPassword',
              headers: {
                host: 'alpha.localhost',
                'content-type': 'application/json',
                cookie: 'device=kept-by-the-browser; theme=DARK',
                'x-forwarded-for': '198.51.100.1, 203.0.113.9',
                'x-real-ip': '198.51.100.1',
                forwarded: 'for=198.51.100.1',
              },
            },
            (incoming) => {
              incoming.resume();
              incoming.on('end', () =>
                resolve({
                  status: incoming.statusCode ?? 0,
                  setCookie: incoming.headers['set-cookie'] ?? [],
                }),
              );
            },
          );
          outgoing.on('error', reject);
          outgoing.end('{}');
        });
        expect(answer.status).toBe(201);
        expect(answer.setCookie).toEqual([
          'device=from-the-ticket-api; Path=/api; HttpOnly; SameSite=Strict',
          'second=2; Path=/api',
        ]);
        const forwarded = received.at(-1)?.headers;
        expect(forwarded?.['x-forwarded-for']).toBe(expected);
        expect(forwarded?.['x-real-ip']).toBeUndefined();
        expect(forwarded?.forwarded).toBeUndefined();
        expect(forwarded?.cookie).toBe('device=kept-by-the-browser; theme=DARK');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });
});

/** A body without a Content-Length, as a client sends in chunks. */
function chunked(size: number, chunkSize = 16 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const length = Math.min(chunkSize, size - sent);
      controller.enqueue(new Uint8Array(length).fill(0x61));
      sent += length;
    },
  });
}

describe('bodies over the limit of the forwarded call', () => {
  const post = (service: Awaited<ReturnType<typeof startService>>, path: string, init: RequestInit) =>
    service.app.request(path, {
      method: 'POST',
      ...init,
      headers: { host: 'alpha.localhost', ...(init.headers as Record<string, string>) },
    });

  it('are refused with 413 and the ticket API envelope before anything is forwarded', async () => {
    const service = await startService(dirs, { TICKET_API_URL: upstreamUrl });
    const count = received.length;
    const byLength = await post(service, '/api/Order/verify.json', {
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(JSON_BODY_MAX_BYTES + 1),
    });
    expect(byLength.status).toBe(413);
    expect(await byLength.json()).toEqual(ko('INVALID_REQUEST', BODY_TOO_LARGE_MESSAGE));
    const streamed = await post(service, '/api/Order/verify.json', {
      headers: { 'content-type': 'application/json' },
      body: chunked(800_000),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(ko('INVALID_REQUEST', BODY_TOO_LARGE_MESSAGE));
    const upload = await post(service, '/api/Media/uploadMedia.json', {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: chunked(MULTIPART_BODY_MAX_BYTES + 1, 256 * 1024),
      duplex: 'half',
    } as RequestInit);
    expect(upload.status).toBe(413);
    expect(received.length).toBe(count);
  });

  it('within the limit of their call are forwarded whole, an upload over the JSON limit included', async () => {
    const service = await startService(dirs, { TICKET_API_URL: upstreamUrl });
    const upload = await post(service, '/api/Media/uploadMedia.json', {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: chunked(1_000_000),
      duplex: 'half',
    } as RequestInit);
    expect(upload.status).toBe(201);
    expect(received.at(-1)?.body).toHaveLength(1_000_000);
    expect(received.at(-1)?.headers['content-length']).toBe('1000000');
    const exact = await post(service, '/api/Order/verify.json', {
      headers: { 'content-type': 'application/json' },
      body: 'y'.repeat(JSON_BODY_MAX_BYTES),
    });
    expect(exact.status).toBe(201);
    expect(received.at(-1)?.body).toHaveLength(JSON_BODY_MAX_BYTES);
  });
});

describe('a connection the ticket API drops before answering', () => {
  it('costs a GET nothing (sent once more) but is never retried for a POST', async () => {
    const seen = new Map<string, number>();
    const flaky = createServer((request, response) => {
      const key = `${request.method} ${request.url}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      request.resume();
      request.on('end', () => {
        if (seen.get(key) === 1) return request.socket.destroy();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'ok', response: {} }));
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
      const service = await startService(dirs, { TICKET_API_URL: url });
      const read = await service.get('alpha.localhost', '/api/Products/getProducts.json?type=2');
      expect(read.status).toBe(200);
      expect(seen.get('GET /Products/getProducts.json?type=2')).toBe(2);
      const write = await service.app.request('/api/Order/placeOrder.json', {
        method: 'POST',
        headers: { host: 'alpha.localhost', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(write.status).toBe(502);
      expect(seen.get('POST /Order/placeOrder.json')).toBe(1);
    } finally {
      flaky.closeAllConnections();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });
});
