// Starts the payment sandbox: environment, notifier, HTTP server, clean stop on SIGTERM and SIGINT.

import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { onStopSignal } from '@transit-shop/service-kit/http-server';
import { createSandboxApp } from './app.ts';
import { systemClock } from './clock.ts';
import { readEnv, sandboxConfig } from './env.ts';
import { createLogger } from './logger.ts';
import { createNotifier } from './notifications/notifier.ts';
import { startServer } from './server.ts';
import { createMemoryStore } from './store/sandbox-store.ts';

const env = readEnvOrExit(readEnv);
const logger = createLogger({ level: env.LOG_LEVEL });
const notifier = createNotifier({ secret: env.PAYMENT_SANDBOX_WEBHOOK_SECRET, clock: systemClock, logger });
const app = createSandboxApp({
  clock: systemClock,
  store: createMemoryStore(),
  notifier,
  config: sandboxConfig(env),
  logger,
});

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer({ app, port: env.PORT, hostname: env.HOST });
} catch (error) {
  logger.fatal({ err: error, port: env.PORT, host: env.HOST }, 'cannot listen');
  process.exit(1);
}
logger.info(
  { port: server.port, host: env.HOST, publicUrl: env.PAYMENT_SANDBOX_PUBLIC_URL },
  `payment sandbox listening on http://${env.HOST}:${server.port}/ (pages at ${env.PAYMENT_SANDBOX_PUBLIC_URL})`,
);

onStopSignal(logger, async () => {
  notifier.close();
  await server.close();
  logger.info('stopped');
  process.exit(0);
});
