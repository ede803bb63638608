import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../app.ts';
import { createFixture, type FixtureDirs, removeFixture } from '../test-support/fixtures.ts';
import { bootstrapOf } from '../test-support/html.ts';
import { type LogLine, startService } from '../test-support/service.ts';
import { withPageFastPath } from './page-fast-path.ts';
import { isServicePath, SERVICE_PATHS } from './service-paths.ts';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

let dirs: FixtureDirs;
let service: Awaited<ReturnType<typeof startService>>;
let server: Server;
let port: number;

beforeAll(async () => {
  dirs = await createFixture();
  service = await startService(dirs);
  // The service as main.ts serves it: the fast path in front of the Hono app, on a real socket.
  const { app, pages } = createService({
    store: service.store,
    env: service.env,
    logger: service.logger,
  });
  server = createServer(
    withPageFastPath({ pages, logger: service.logger, fallback: getRequestListener(app.fetch) }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await removeFixture(dirs);
});

function get(host: string, path: string, headers: Record<string, string> | string[] = {}): Promise<Answer> {
  // A flat [name, value, ...] list sends names as written and the same header more than once.
  const sent = Array.isArray(headers) ? ['Host', host, ...headers] : { host, ...headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('index pages answered before the framework', () => {
  it('answer the same page and headers as the general route, with a request id', async () => {
    const fast = await get('alpha.localhost', '/en/account');
    const general = await service.get('alpha.localhost', '/en/account');
    expect(fast.status).toBe(200);
    expect(fast.body.toString()).toBe(await general.text());
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'content-type',
      'cache-control',
      'vary',
    ]) {
      expect(fast.headers[name], name).toBe(general.headers.get(name));
    }
    expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fast.headers['content-length']).toBe(String(fast.body.length));
    expect(bootstrapOf(fast.body.toString()).locale).toBe('en');
  });

  it('answer brotli or gzip to clients taking them, the same page once decoded', async () => {
    const plain = (await get('alpha.localhost', '/')).body.toString();
    const br = await get('alpha.localhost', '/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('alpha.localhost', '/', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(plain);
    expect(br.body.length).toBeLessThan(plain.length / 2);
    const general = await service.get('alpha.localhost', '/', { 'accept-encoding': 'gzip' });
    expect(general.headers.get('content-encoding')).toBe('gzip');
  });

  it('keep a safe incoming request id and log the request like the general route', async () => {
    const before = service.logs.length;
    const answer = await get('alpha.localhost', '/ar/', { 'x-request-id': 'trace-42', cookie: 'theme=DARK' });
    expect(answer.headers['x-request-id']).toBe('trace-42');
    expect(answer.body.toString()).toContain('data-color-scheme="dark"');
    const line = service.logs.slice(before).find((log: LogLine) => log.requestId === 'trace-42');
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/ar/',
      status: 200,
      network: 'alpha',
    });
    const unsafe = await get('alpha.localhost', '/', { 'x-request-id': 'bad id\twith tab' });
    expect(unsafe.headers['x-request-id']).not.toBe('bad id\twith tab');
  });

  it('read header names in any case and every Cookie and Accept-Encoding line sent', async () => {
    const answer = await get('alpha.localhost', '/ar/', [
      'COOKIE',
      'session=1',
      'Cookie',
      'theme=DARK',
      'Accept-Encoding',
      'identity',
      'ACCEPT-ENCODING',
      'gzip',
      'X-Request-ID',
      'trace-43',
    ]);
    expect(answer.headers['x-request-id']).toBe('trace-43');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toContain('data-color-scheme="dark"');
  });

  it('leave redirects, unknown domains, service routes and other methods to the general route', async () => {
    const redirect = await get('beta.localhost', '/?from=mail');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toMatch(/\?from=mail$/);
    const unknown = await get('nowhere.example', '/');
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).not.toContain('network-bootstrap');
    const health = await get('alpha.localhost', '/healthz');
    expect(health.status).toBe(200);
    const api = await get('alpha.localhost', '/api/Networks/getNetworks.json');
    expect(JSON.parse(api.body.toString())).toMatchObject({ status: 'ok' });
    const missingAsset = await get('alpha.localhost', '/assets/missing.js');
    expect(missingAsset.status).toBe(404);
  });

  it('know every route the service answers itself, so no page address hides one', () => {
    const ownRoutes = service.app.routes
      .map((route) => route.path)
      .filter((path) => path !== '/*' && path !== '*');
    expect(ownRoutes.length).toBeGreaterThan(5);
    for (const path of ownRoutes) expect(isServicePath(path.replace(/\/\*$/, '')), path).toBe(true);
    expect(isServicePath(SERVICE_PATHS.bootstrap)).toBe(true);
    expect(isServicePath('/en/account')).toBe(false);
    expect(isServicePath('/apiary')).toBe(false);
    expect(isServicePath('/alerts/global')).toBe(true);
  });
});
