// The sandbox's logger: pino JSON lines, level from the environment.
import { type Logger, serviceLoggerFactory } from '@transit-shop/service-kit/logger';
import { pino } from 'pino';

export { silentLogger } from '@transit-shop/service-kit/logger';
export type { Logger };

export const createLogger = serviceLoggerFactory('identity-sandbox', {
  // Written synchronously: the lines of a stop come out in order before the process exits.
  defaultDestination: () => pino.destination({ dest: 1, sync: true }),
});
