// Answers a network's index page straight from Node's request, before any framework code: the
// page is the most requested answer and is already rendered, encoded and headed in the cache.
// Anything else (and any page that is not ready) goes to the Hono app unchanged.
//
// The one hand-tuned path of the tenant service, and why (decision 0015, `npm run bench:tenant`):
// it reads its four request headers from Node's raw list instead of building the header object,
// and writes head and body in one write (a profile showed `writev` as a third of the request's
// CPU). With it the index page serves 57-69 % of a bare @hono/node-server hello-world's requests
// per second, flat from 3 to 1,000 networks; the framework's per-request work (routing, context,
// the header object turned into a `Headers`) was most of the gap before it.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';
import type { IndexPages } from '../web/index-pages.ts';
import { preferredEncoding } from './content-encoding.ts';
import { logRequest, requestIdOf } from './request-context.ts';
import { isServicePath } from './service-paths.ts';

type PageRequestHeaders = {
  host?: string;
  cookie?: string;
  acceptEncoding?: string;
  requestId?: string;
};

/**
 * The four headers this path reads, taken from the raw list: reading `request.headers` would
 * build an object of every header first. Repeated cookies are joined as Node joins them.
 */
function pageRequestHeaders(raw: readonly string[]): PageRequestHeaders {
  const found: PageRequestHeaders = {};
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as string;
    const value = raw[index + 1] as string;
    switch (name.length) {
      case 4:
        if (found.host === undefined && name.toLowerCase() === 'host') found.host = value;
        break;
      case 6:
        if (name.toLowerCase() === 'cookie') {
          found.cookie = found.cookie === undefined ? value : `${found.cookie}; ${value}`;
        }
        break;
      case 12:
        if (found.requestId === undefined && name.toLowerCase() === 'x-request-id') found.requestId = value;
        break;
      case 15:
        if (name.toLowerCase() === 'accept-encoding') {
          found.acceptEncoding =
            found.acceptEncoding === undefined ? value : `${found.acceptEncoding}, ${value}`;
        }
        break;
    }
  }
  return found;
}

export function withPageFastPath(options: {
  pages: IndexPages;
  logger: Logger;
  /** The Hono app's listener, for everything this path does not answer. */
  fallback: RequestListener;
}): RequestListener {
  const { pages, logger, fallback } = options;
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    // Percent-encoded paths are decoded by the router; they take the general route to stay alike.
    if (request.method !== 'GET' || path.includes('%') || !path.startsWith('/') || isServicePath(path)) {
      fallback(request, response);
      return;
    }
    const started = performance.now();
    const headers = pageRequestHeaders(request.rawHeaders);
    const found = pages.answer(headers.host, path, headers.cookie);
    if (found.kind !== 'page') {
      fallback(request, response);
      return;
    }
    const variant = found.page[preferredEncoding(headers.acceptEncoding)];
    const requestId = requestIdOf(headers.requestId);
    response.writeHead(200, [...variant.rawHeaders, 'x-request-id', requestId]);
    response.end(variant.bodyLatin1, 'latin1');
    if (logger.isLevelEnabled('info')) {
      logRequest(logger, {
        method: 'GET',
        path,
        status: 200,
        started,
        requestId,
        network: found.network.network.slug,
      });
    }
  };
}
