import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpSend } from './http-send.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function serve(handler: (request: IncomingMessage, body: string) => { status: number; body: string }) {
  const ports: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      ports.push(request.socket.remotePort ?? 0);
      const answer = handler(request, body);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ports };
}

describe('service-to-service requests', () => {
  it('posts the body with its headers and length, and reads the whole answer', async () => {
    const server = await serve((request, body) => ({
      status: 201,
      body: JSON.stringify({
        method: request.method,
        path: request.url,
        length: request.headers['content-length'],
        key: request.headers['idempotency-key'],
        body,
      }),
    }));
    const body = JSON.stringify({ amount: 1250, description: 'Lumière Mobilités #12' });
    const answer = await httpSend(`${server.url}/v1/checkouts?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'pay-1' },
      body,
    });
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    expect(JSON.parse(await answer.text())).toEqual({
      method: 'POST',
      path: '/v1/checkouts?x=1',
      length: String(Buffer.byteLength(body)),
      key: 'pay-1',
      body,
    });
  });

  it('keeps the connection for the next request, and answers an error status as it is', async () => {
    const server = await serve(() => ({ status: 409, body: '{"error":"conflict"}' }));
    const first = await httpSend(`${server.url}/a`, { method: 'GET' });
    const second = await httpSend(`${server.url}/b`, { method: 'GET' });
    expect([first.status, first.ok, second.status]).toEqual([409, false, 409]);
    expect(server.ports[1]).toBe(server.ports[0]);
  });

  it('gives up when its signal aborts, and refuses what is not an http URL', async () => {
    const server = await serve(() => ({ status: 200, body: '{}' }));
    await expect(
      httpSend(`${server.url}/slow`, { method: 'GET', signal: AbortSignal.abort() }),
    ).rejects.toThrow();
    await expect(httpSend('ftp://127.0.0.1/file', { method: 'GET' })).rejects.toThrow(TypeError);
  });
});
