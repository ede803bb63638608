// The sandbox's logger: pino JSON lines, level from the environment.
import {
  createServiceLogger,
  type DestinationStream,
  type LevelWithSilent,
  type Logger,
} from '@transit-shop/service-kit/logger';
import { pino } from 'pino';

export { silentLogger } from '@transit-shop/service-kit/logger';
export type { Logger };

export function createLogger(options: { level: LevelWithSilent; destination?: DestinationStream }): Logger {
  return createServiceLogger({
    service: 'payment-sandbox',
    level: options.level,
    // Written synchronously: the lines of a stop come out in order before the process exits.
    destination: options.destination ?? pino.destination({ dest: 1, sync: true }),
  });
}
