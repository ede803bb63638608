// Starts the payment sandbox: environment, notifier, HTTP server, clean stop on SIGTERM and SIGINT.
import { createSandboxApp } from './app.ts';
import { systemClock } from './clock.ts';
import { EnvError, readEnv, sandboxConfig } from './env.ts';
import { createLogger } from './logger.ts';
import { createNotifier } from './notifications/notifier.ts';
import { startServer } from './server.ts';
import { createMemoryStore } from './store/sandbox-store.ts';

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

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  notifier.close();
  await server.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));
