// Starts the payment sandbox: environment, notifier, HTTP server, graceful stop.
import { serve } from '@hono/node-server';
import { createSandboxApp } from './app.ts';
import { systemClock } from './clock.ts';
import { EnvError, readEnv, sandboxConfig } from './env.ts';
import { createLogger } from './logger.ts';
import { createNotifier } from './notifications/notifier.ts';
import { createMemoryStore } from './store/sandbox-store.ts';

// Open connections get this long to finish after SIGTERM before they are cut.
const SHUTDOWN_GRACE_MS = 5000;

function readEnvOrExit() {
  try {
    return readEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = readEnvOrExit();
const logger = createLogger({ level: env.LOG_LEVEL });
const notifier = createNotifier({ secret: env.PAYMENT_SANDBOX_WEBHOOK_SECRET, clock: systemClock, logger });
const app = createSandboxApp({
  clock: systemClock,
  store: createMemoryStore(),
  notifier,
  config: sandboxConfig(env),
  logger,
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(
    { port: info.port, host: env.HOST, publicUrl: env.PAYMENT_SANDBOX_PUBLIC_URL },
    `payment sandbox listening on http://${env.HOST}:${info.port}/`,
  );
});

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  notifier.close();
  server.close(() => {
    logger.info('stopped');
    process.exit(0);
  });
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
