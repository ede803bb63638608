// Starts the tenant service: environment, tenant files, file watcher, HTTP server, graceful stop.
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { closeGracefully, onStopSignal } from '@transit-shop/service-kit/http-server';
import { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { watchTenants } from '@transit-shop/tenancy/watch-tenants';
import { createService } from './app.ts';
import { readEnv } from './env.ts';
import { createHttpServer } from './http/http-server.ts';
import { createLogger } from './logger.ts';
import { WebDist } from './web/web-dist.ts';

// Open connections get this long to finish after SIGTERM before they are cut.
const SHUTDOWN_GRACE_MS = 10_000;

const env = readEnvOrExit(readEnv);
const logger = createLogger({ level: env.LOG_LEVEL });

const store = new TenantStore({ tenantsDir: env.TENANTS_DIR, themesDir: env.THEMES_DIR, logger });
try {
  await store.load();
} catch (error) {
  logger.fatal({ err: error, tenantsDir: env.TENANTS_DIR }, 'cannot load the tenant files');
  process.exit(1);
}

const watcher = env.WATCH_TENANTS
  ? await watchTenants({
      dirs: [env.TENANTS_DIR, env.THEMES_DIR],
      onChange: () => void store.reload(),
      logger,
    })
  : undefined;

// Looked at now so that a missing web build is reported at start, not on the first visit.
const web = new WebDist({ dir: env.WEB_DIST_DIR, logger });
web.current();

const { app, pages } = createService({ store, env, logger, web });
const server = createHttpServer({ app, pages, logger });
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info({ port, host: env.HOST }, `listening on http://${env.HOST}:${port}/`);
  for (const { network } of store.registry.all()) {
    const domain = network.config.domains.find((d) => d.endsWith('.localhost')) ?? network.config.domains[0];
    logger.info({ network: network.slug }, `${network.config.name}: http://${domain}:${port}/`);
  }
});

onStopSignal(logger, async () => {
  watcher?.close();
  const closed = closeGracefully(server, SHUTDOWN_GRACE_MS);
  // When the grace period ends, busy connections are cut and the service exits, closed or not.
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  await closed;
  logger.info('stopped');
  process.exit(0);
});
