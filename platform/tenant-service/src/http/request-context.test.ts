import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { createLogger } from '../logger.ts';
import { createFixture, type FixtureDirs, removeFixture } from '../test-support/fixtures.ts';
import { ERROR, type LogLine, startService } from '../test-support/service.ts';
import { createErrorHandler } from './error-handling.ts';
import { requestContext } from './request-context.ts';
import { securityHeaders } from './security-headers.ts';

let dirs: FixtureDirs;
let service: Awaited<ReturnType<typeof startService>>;

beforeAll(async () => {
  dirs = await createFixture();
  service = await startService(dirs, { ALERT_SOURCES: '/alerts|https://beacon.example.org/v1/alerts' });
});
afterAll(() => removeFixture(dirs));

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self' https://beacon.example.org; frame-ancestors 'none'; " +
  "base-uri 'self'; form-action 'self'; object-src 'none'";

describe('security headers', () => {
  it('are on a page, an API answer, an error, a 404, a redirect and the neutral page', async () => {
    const answers = {
      page: await service.get('alpha.localhost', '/'),
      api: await service.get('alpha.localhost', '/api/Networks/getNetworks.json'),
      apiError: await service.get('alpha.localhost', '/api/Networks/getNetworks.json?x=1'),
      notFound: await service.get('alpha.localhost', '/assets/missing.js'),
      redirect: await service.get('beta.localhost', '/'),
      unknownHost: await service.get('nowhere.example', '/'),
      unavailable: await service.get('alpha.localhost', '/api/Order/history.json'),
      health: await service.get('nowhere.example', '/healthz'),
    };
    expect(answers.notFound.status).toBe(404);
    expect(answers.unavailable.status).toBe(503);
    for (const [name, response] of Object.entries(answers)) {
      expect(response.headers.get('content-security-policy'), name).toBe(EXPECTED_CSP);
      expect(response.headers.get('strict-transport-security'), name).toBe(
        'max-age=63072000; includeSubDomains',
      );
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), name).toBe('DENY');
      expect(response.headers.get('permissions-policy'), name).toBe(
        'camera=(), microphone=(), geolocation=()',
      );
      expect(response.headers.get('x-request-id'), name).toMatch(/^[\w-]{8,}$/);
    }
  });
});

describe('request ids and logs', () => {
  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    const kept = await service.get('alpha.localhost', '/', { 'x-request-id': 'edge-7f3a.42' });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.42');
    const replaced = await service.get('alpha.localhost', '/', { 'x-request-id': 'bad id\twith "quotes"' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const first = await service.get('alpha.localhost', '/');
    const second = await service.get('alpha.localhost', '/');
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('logs one JSON line per request with method, path, status, duration, request id and network', async () => {
    await service.get('alpha.localhost', '/en/cart', { 'x-request-id': 'trace-one' });
    const line = service.logs.find((entry) => entry.requestId === 'trace-one');
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/en/cart',
      status: 200,
      network: 'alpha',
      durationMs: expect.any(Number),
    });
    expect(service.logs.filter((entry) => entry.requestId === 'trace-one')).toHaveLength(1);
  });
});

describe('GET /healthz', () => {
  it('answers ok with the number of networks served, for any host', async () => {
    const response = await service.get('nowhere.example', '/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', networks: 3 });
  });
});

describe('unexpected errors', () => {
  it('are logged with the request id and answered 500 without any detail', async () => {
    const logs: LogLine[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void logs.push(JSON.parse(line)) },
    });
    const app = new Hono<AppEnv>();
    app.use(requestContext({ logger, securityHeaders: securityHeaders({ alertSources: '/alerts' }) }));
    app.onError(createErrorHandler(logger));
    app.get('/api/Networks/explode', () => {
      throw new Error('database password is hunter2');
    });
    app.get('/explode', () => {
      throw new Error('database password is hunter2');
    });

    const api = await app.request('/api/Networks/explode', { headers: { 'x-request-id': 'boom-1' } });
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({
      status: 'ko',
      response: { error: { code: 'ERR_RESPONSE_ERROR', message: 'Request failed with error' } },
    });
    const page = await app.request('/explode');
    expect(page.status).toBe(500);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    expect(html).toContain('Something went wrong');
    expect(html).not.toContain('hunter2');

    const logged = logs.find((line) => line.level === ERROR && line.requestId === 'boom-1');
    expect(logged).toMatchObject({ err: { message: 'database password is hunter2' } });
  });
});
