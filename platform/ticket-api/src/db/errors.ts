// Recognises database errors a service turns into an answer (both drivers set PostgreSQL's codes).

const UNIQUE_VIOLATION = '23505';

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Drizzle wraps the driver's error in its own, as the cause.
  return codeOf((error as { cause?: unknown }).cause);
}

export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === UNIQUE_VIOLATION;
}
