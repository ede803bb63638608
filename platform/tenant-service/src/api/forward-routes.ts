// Every other /api/* call goes to the ticket API, with the network and the request id attached.

import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import type { AppEnv } from '../app-env.ts';
import { networkOfHost } from '../http/resolve-network.ts';
import { ServiceError } from '../http/service-error.ts';

// RFC 9110 §7.6.1 connection-specific headers, plus the ones this service sets itself.
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'x-network-id',
  'x-request-id',
  'x-forwarded-host',
  'x-forwarded-proto',
]);

const FORWARD_TIMEOUT_MS = 30_000;

export function forwardHeaders(incoming: Headers, extra: Record<string, string | undefined>): Headers {
  const listed = new Set(
    (incoming.get('connection') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (!NOT_FORWARDED.has(name) && !listed.has(name)) headers.append(name, value);
  }
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) headers.set(name, value);
  return headers;
}

/**
 * Mounted under /api: `/api/Account/login.json` goes to `${ticketApiUrl}/Account/login.json`
 * (set TICKET_API_URL with its own /api suffix when the ticket API keeps the prefix).
 */
export function forwardRoutes(options: { store: TenantStore; ticketApiUrl: string | undefined }) {
  const { ticketApiUrl } = options;
  const app = new Hono<AppEnv>();
  app.all('*', async (c) => {
    if (!ticketApiUrl) throw new ServiceError('SERVICE_UNAVAILABLE', 'The ticket service is not available');
    const url = new URL(c.req.url);
    const target = `${ticketApiUrl}${url.pathname.replace(/^\/api/, '')}${url.search}`;
    const network = networkOfHost(c, options.store.registry);
    const raw = c.req.raw;
    const headers = forwardHeaders(raw.headers, {
      'x-network-id': network ? String(network.network.config.id) : undefined,
      'x-request-id': c.get('requestId'),
      'x-forwarded-host': raw.headers.get('host') ?? undefined,
      'x-forwarded-proto': url.protocol.replace(':', ''),
    });
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
    try {
      return await proxy(target, {
        method: raw.method,
        headers,
        body: hasBody ? raw.body : undefined,
        // Node's fetch needs `duplex` to stream a request body.
        duplex: hasBody ? 'half' : undefined,
        redirect: 'manual',
        signal: AbortSignal.any([raw.signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
      });
    } catch (error) {
      if (raw.signal.aborted) throw error;
      throw new ServiceError('BAD_GATEWAY', 'The ticket service did not answer');
    }
  });
  return app;
}
