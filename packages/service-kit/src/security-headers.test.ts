import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isSandboxedDenyAll,
  securityHeaders,
  securityHeadersMiddleware,
} from './security-headers.ts';

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

  it('keeps an answer’s own policy only where it is a sandbox that loads nothing (decision 0040)', async () => {
    const app = new Hono();
    const page = contentSecurityPolicy({ 'default-src': ["'self'"], 'frame-ancestors': ["'none'"] });
    app.use(securityHeadersMiddleware({ headers: securityHeaders({ 'content-security-policy': page }) }));
    const policies = [
      "default-src 'none'; sandbox",
      "default-src 'none'; frame-ancestors 'none'; sandbox",
      "default-src 'none'",
      "default-src 'none'; sandbox allow-scripts",
      "default-src 'none'; img-src *; sandbox",
      "sandbox; script-src 'none'",
      "default-src 'none'; sandbox, default-src *",
    ];
    app.get('/:index', (c) =>
      c.text('file', 200, { 'content-security-policy': policies[Number(c.req.param('index'))] ?? '' }),
    );
    const answered = await Promise.all(
      policies.map(async (_policy, index) =>
        (await app.request(`/${index}`)).headers.get('content-security-policy'),
      ),
    );
    expect(answered).toEqual([policies[0], policies[1], page, page, page, page, page]);
    expect(policies.map(isSandboxedDenyAll)).toEqual([true, true, false, false, false, false, false]);
    expect(isSandboxedDenyAll(null)).toBe(false);
  });
});
