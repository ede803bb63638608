// The sandbox's logger: pino JSON lines, level from the environment.
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(options: { level: LevelWithSilent; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'payment-sandbox' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: pino.stdSerializers.err },
    },
    // Written synchronously: the lines of a stop come out in order before the process exits.
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** A logger that writes nothing (tests that do not look at logs). */
export const silentLogger = (): Logger => pino({ level: 'silent' });
