// Answers a network's index page straight from Node's request, before any framework code: the
// page is the most requested answer and is already rendered, encoded and headed in the cache.
// Anything else (and any page that is not ready) goes to the Hono app unchanged.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';
import type { IndexPages } from '../web/index-pages.ts';
import { preferredEncoding } from './content-encoding.ts';
import { logRequest, requestIdOf } from './request-context.ts';
import { isServicePath } from './service-paths.ts';

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

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
    const found = pages.answer(header(request, 'host'), path, header(request, 'cookie'));
    if (found.kind !== 'page') {
      fallback(request, response);
      return;
    }
    const variant = found.page[preferredEncoding(header(request, 'accept-encoding'))];
    const requestId = requestIdOf(header(request, 'x-request-id'));
    response.writeHead(200, [...variant.rawHeaders, 'x-request-id', requestId]);
    response.end(variant.body);
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
