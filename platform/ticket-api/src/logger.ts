// The service's logger: pino JSON lines (no pretty printer), level from the environment.
import {
  createServiceLogger,
  type DestinationStream,
  type LevelWithSilent,
  type Logger,
} from '@transit-shop/service-kit/logger';

export type { Logger };

export function createLogger(options: { level: LevelWithSilent; destination?: DestinationStream }): Logger {
  return createServiceLogger({
    service: 'ticket-api',
    ...options,
    // Secrets that may sit in a logged object never reach the log.
    redact: {
      paths: ['password', '*.password', 'userToken', '*.userToken', 'idToken', '*.idToken'],
      censor: '[redacted]',
    },
  });
}
