// The services' logger: pino JSON lines (no pretty printer), one field naming the service.
import { type DestinationStream, type LevelWithSilent, type Logger, pino, type redactOptions } from 'pino';

export type { DestinationStream, LevelWithSilent, Logger };

export function createServiceLogger(options: {
  service: string;
  level: LevelWithSilent;
  destination?: DestinationStream;
  /** Paths of logged objects whose values never reach the log. */
  redact?: redactOptions;
}): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Errors keep message and type; stacks stay in the log, never in an answer.
      serializers: { err: pino.stdSerializers.err },
      ...(options.redact && { redact: options.redact }),
    },
    options.destination,
  );
}

/**
 * A service's `createLogger`: its name and redactions fixed, the level (and, in tests, the
 * destination) given at each call; `defaultDestination` when nothing is given (standard output).
 */
export function serviceLoggerFactory(
  service: string,
  fixed: { redact?: redactOptions; defaultDestination?: () => DestinationStream } = {},
) {
  return (options: { level: LevelWithSilent; destination?: DestinationStream }): Logger =>
    createServiceLogger({
      service,
      level: options.level,
      destination: options.destination ?? fixed.defaultDestination?.(),
      ...(fixed.redact && { redact: fixed.redact }),
    });
}

/** A logger that writes nothing (tests that do not look at logs). */
export const silentLogger = (): Logger => pino({ level: 'silent' });
