// The service's logger: pino JSON lines (no pretty printer), level from the environment.
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(options: { level: LevelWithSilent; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'ticket-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Errors keep message and type; stacks stay in the log, never in an answer.
      serializers: { err: pino.stdSerializers.err },
      // Secrets that may sit in a logged object never reach the log.
      redact: {
        paths: ['password', '*.password', 'userToken', '*.userToken', 'idToken', '*.idToken'],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}
