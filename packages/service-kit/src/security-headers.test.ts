import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders, securityHeadersMiddleware } from './security-headers.ts';

describe('security headers', () => {
  it('always forbids framing and sniffing, beside the service’s own headers', () => {
    const headers = securityHeaders({ 'referrer-policy': 'no-referrer' });
    expect(headers).toEqual({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    expect(Object.isFrozen(headers)).toBe(true);
    expect(
      contentSecurityPolicy({ 'default-src': ["'none'"], 'form-action': ["'self'", 'https://a.test'] }),
    ).toBe("default-src 'none'; form-action 'self' https://a.test");
  });

  it('keeps a header a route set itself where the service allows it', async () => {
    const app = new Hono();
    app.use(
      securityHeadersMiddleware({ headers: securityHeaders({}), unlessSet: { 'cache-control': 'no-store' } }),
    );
    app.get('/own', (c) =>
      c.text('ok', 200, { 'cache-control': 'max-age=60', 'x-frame-options': 'SAMEORIGIN' }),
    );
    app.get('/plain', (c) => c.text('ok'));
    const own = await app.request('/own');
    expect(own.headers.get('cache-control')).toBe('max-age=60');
    expect(own.headers.get('x-frame-options')).toBe('DENY');
    expect((await app.request('/plain')).headers.get('cache-control')).toBe('no-store');
  });
});
