// GET /robots.txt and GET /sitemap.xml of the Host's network (decision 0023).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { preferredEncoding } from '../http/content-encoding.ts';
import { SHOP_NOT_FOUND_PAGE } from '../http/plain-pages.ts';
import { completeAnswer } from '../http/request-context.ts';
import { requestHeader } from '../http/request-header.ts';
import { SERVICE_PATHS } from '../http/service-paths.ts';
import type { CrawlerFile, CrawlerFiles } from './crawler-files.ts';

export function crawlerRoutes(options: { files: CrawlerFiles }) {
  const app = new Hono<AppEnv>();
  const serve = (kind: CrawlerFile) =>
    app.get(kind === 'robots' ? SERVICE_PATHS.robots : SERVICE_PATHS.sitemap, (c) => {
      const found = options.files.answer(requestHeader(c, 'host'), kind);
      if (found.kind === 'unknown-host') {
        c.header('Cache-Control', 'no-store');
        return c.html(SHOP_NOT_FOUND_PAGE, 404);
      }
      c.set('network', found.network);
      const variant = found.file[preferredEncoding(requestHeader(c, 'accept-encoding'))];
      return completeAnswer(
        new Response(variant.body, { headers: { ...variant.headers, 'x-request-id': c.get('requestId') } }),
      );
    });
  serve('robots');
  serve('sitemap');
  return app;
}
