// Every other /api/* call goes to the ticket API, with the network, the request id and the client's
// address attached. The address is the socket's peer, or what a trusted proxy in front of us says
// (TRUSTED_PROXIES); whatever X-Forwarded-For a caller wrote itself is replaced, and the ticket API
// believes the header only from us (decision 0024). Cookies pass both ways untouched. A body over the
// call's limit is refused here, and bodies are forwarded whole (decision 0023).
import { BODY_TOO_LARGE_MESSAGE } from '@transit-shop/sdk/contract/body-limits';
import { bodyLimitOfPath } from '@transit-shop/sdk/contract/calls';
import { readBodyWithin } from '@transit-shop/sdk/server/request-body';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { type Context, Hono } from 'hono';
import { proxy } from 'hono/proxy';
import proxyAddr from 'proxy-addr';
import type { AppEnv } from '../app-env.ts';
import { answerError } from '../http/error-handling.ts';
import { networkOfHost } from '../http/resolve-network.ts';
import { ServiceError } from '../http/service-error.ts';
import { fetchRetryingReads } from './fetch-retrying-reads.ts';

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
  // The body is forwarded as read, whole: its length is the one fetch writes.
  'content-length',
  'x-network-id',
  'x-request-id',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
]);

const FORWARD_TIMEOUT_MS = 30_000;

/** The Content-Length a request declares, when it is a plain number. */
function declaredLength(headers: Headers): number | undefined {
  const value = headers.get('content-length');
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** 413 with the envelope the ticket API answers for a body over a call's limit. */
const bodyTooLarge = (c: Context<AppEnv>) => answerError(c, 413, 'INVALID_REQUEST', BODY_TOO_LARGE_MESSAGE);

/**
 * The request body, read whole within the limit of the call at `path`, before anything goes to
 * the ticket API; null when it is over (refused at once by its Content-Length, or once a body
 * without one runs past the limit).
 */
async function boundedBody(raw: Request, path: string): Promise<Uint8Array | null> {
  const limit = bodyLimitOfPath(path);
  const declared = declaredLength(raw.headers);
  if (declared !== undefined && declared > limit) return null;
  try {
    return await readBodyWithin(raw.body, limit);
  } catch (error) {
    if (raw.signal.aborted) throw error;
    throw new ServiceError('INVALID_REQUEST', 'The request body cannot be read');
  }
}

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

/** The client's address: the socket's peer, or past it the first untrusted hop of X-Forwarded-For. */
function clientAddress(c: Context<AppEnv>, trust: (address: string, hop: number) => boolean) {
  const incoming = c.env?.incoming;
  if (!incoming?.socket?.remoteAddress) return undefined;
  return proxyAddr(incoming, trust);
}

/** http or https as the client used it: a trusted proxy in front of us may have ended TLS. */
function clientProtocol(c: Context<AppEnv>, url: URL, trust: (address: string, hop: number) => boolean) {
  const peer = c.env?.incoming?.socket?.remoteAddress;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (peer && trust(peer, 0) && (forwarded === 'http' || forwarded === 'https')) return forwarded;
  return url.protocol.replace(':', '');
}

export type ForwardOptions = {
  store: TenantStore;
  ticketApiUrl: string | undefined;
  /** TRUSTED_PROXIES: the proxies in front of this service. */
  trustedProxies: readonly string[];
};

/**
 * Sends a request to the ticket API at `path` (relative to TICKET_API_URL) with the network of the
 * request's Host, its id and the client's address, and answers what the ticket API answers.
 */
export function ticketApiForwarder(options: ForwardOptions) {
  const { ticketApiUrl } = options;
  const trust =
    options.trustedProxies.length > 0 ? proxyAddr.compile([...options.trustedProxies]) : () => false;
  return async (c: Context<AppEnv>, path: string): Promise<Response> => {
    if (!ticketApiUrl) throw new ServiceError('SERVICE_UNAVAILABLE', 'The ticket service is not available');
    const url = new URL(c.req.url);
    const target = `${ticketApiUrl}${path}${url.search}`;
    const network = networkOfHost(c, options.store.registry);
    const raw = c.req.raw;
    const headers = forwardHeaders(raw.headers, {
      'x-network-id': network ? String(network.network.config.id) : undefined,
      'x-request-id': c.get('requestId'),
      'x-forwarded-host': raw.headers.get('host') ?? undefined,
      'x-forwarded-proto': clientProtocol(c, url, trust),
      'x-forwarded-for': clientAddress(c, trust),
    });
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
    const body = hasBody ? await boundedBody(raw, path) : undefined;
    if (body === null) return bodyTooLarge(c);
    try {
      return await proxy(target, {
        method: raw.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any([raw.signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
        customFetch: fetchRetryingReads,
      });
    } catch (error) {
      if (raw.signal.aborted) throw error;
      throw new ServiceError('BAD_GATEWAY', 'The ticket service did not answer');
    }
  };
}

/**
 * Mounted under /api: `/api/Account/login.json` goes to `${ticketApiUrl}/Account/login.json`
 * (set TICKET_API_URL with its own /api suffix when the ticket API keeps the prefix).
 */
export function forwardRoutes(options: ForwardOptions) {
  const forward = ticketApiForwarder(options);
  const app = new Hono<AppEnv>();
  app.all('*', (c) => forward(c, new URL(c.req.url).pathname.replace(/^\/api/, '')));
  return app;
}
