// One log line per request: method, path, status and duration (never a body: it may hold card data).
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!logger.isLevelEnabled('info')) return;
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, durationMs }, 'request');
  };
}
