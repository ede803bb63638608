// The service's Node HTTP server: the index pages' fast path in front of the Hono app.
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Logger } from '../logger.ts';
import type { IndexPages } from '../web/index-pages.ts';
import { withPageFastPath } from './page-fast-path.ts';

export function createHttpServer(options: { app: Hono<AppEnv>; pages: IndexPages; logger: Logger }): Server {
  const { app, pages, logger } = options;
  return createServer(withPageFastPath({ pages, logger, fallback: getRequestListener(app.fetch) }));
}
