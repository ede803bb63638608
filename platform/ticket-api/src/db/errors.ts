// Recognises database errors a service turns into an answer (both drivers set PostgreSQL's codes).

const UNIQUE_VIOLATION = '23505';

type DriverError = { code: string; constraint?: string };

function driverErrorOf(error: unknown): DriverError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (typeof code === 'string')
    return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  // Drizzle wraps the driver's error in its own, as the cause.
  return driverErrorOf((error as { cause?: unknown }).cause);
}

/** A unique index refused a row; of the named index (or constraint) only, when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverErrorOf(error);
  return found?.code === UNIQUE_VIOLATION && (constraint === undefined || found.constraint === constraint);
}
