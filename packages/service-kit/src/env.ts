// Pieces of the services' env schemas (zod), and the parse that lists every bad variable at once.
// Each service writes its own schema of its own variables with these.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// An empty variable counts as unset: container platforms often pass `NAME=` for "not configured".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/** A variable whose empty value counts as unset, so that the schema's default applies. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema);

/** A TCP port to listen on (0: any free port). */
export const port = (fallback: number) =>
  optional(z.coerce.number().int().min(0).max(65_535).default(fallback));

/** An interface address or host name to listen on. */
export const host = (fallback: string) => optional(z.string().min(1).default(fallback));

/** A directory, made absolute. */
export const directory = (fallback: string) =>
  optional(z.string().default(fallback)).transform((dir) => resolve(dir));

/** A whole number from 1 to max. */
export const positiveInteger = (fallback: number, max: number) =>
  optional(z.coerce.number().int().min(1).max(max).default(fallback));

/** true/false (also 1/0, yes/no). */
export const booleanFlag = (fallback: boolean) =>
  optional(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
      .default(fallback ? 'true' : 'false'),
  ).transform((value) => value === 'true' || value === '1' || value === 'yes');

/** pino's levels, "info" by default. */
export const logLevel = () =>
  optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'));

/** An absolute http(s) URL, kept without its trailing slash. */
export const httpOrigin = (message = 'an absolute http(s) URL') =>
  z.url({ protocol: /^https?$/, message }).transform((url) => url.replace(/\/+$/, ''));

/** Thrown when the environment is invalid; the message lists every bad variable. */
const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A path inside this repository: the services' defaults, so `npm start` works from any folder. */
export const repositoryPath = (...segments: string[]) => resolve(repositoryRoot, ...segments);

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

type Source = Record<string, string | undefined>;

/**
 * Each secret production lacks or was given a development value for, by name (never its value):
 * with NODE_ENV=production a service refuses to start without secrets of its own (decision 0022).
 */
export function productionSecretProblems(
  source: Source,
  secrets: { names: readonly string[]; developmentValues: readonly string[] },
): string[] {
  if (source.NODE_ENV !== 'production') return [];
  const developmentValues = new Set(secrets.developmentValues);
  return secrets.names.flatMap((name) => {
    const value = source[name]?.trim();
    if (!value) return [`${name}: unset; NODE_ENV=production needs a secret of this deployment`];
    if (developmentValues.has(value))
      return [`${name}: a development default; NODE_ENV=production needs a secret of this deployment`];
    return [];
  });
}

/** The environment parsed by a service's schema; throws an EnvError naming every problem. */
export function parseEnvWith<T extends z.ZodType>(
  schema: T,
  source: Source,
  otherProblems: (source: Source) => string[] = () => [],
): z.output<T> {
  const result = schema.safeParse(source);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`)),
    ...otherProblems(source),
  ];
  if (problems.length > 0 || !result.success) throw new EnvError(problems);
  return result.data;
}

/**
 * A service's `parseEnv` (of any source, for tests) and `readEnv` (of the process, once at start)
 * from its schema, refusing development secrets in production when it names secrets of its own.
 */
export function environmentOf<T extends z.ZodType>(
  schema: T,
  secrets?: { names: readonly string[]; developmentValues: readonly string[] },
) {
  const parseEnv = (source: Source): z.output<T> =>
    parseEnvWith(schema, source, (variables) =>
      secrets ? productionSecretProblems(variables, secrets) : [],
    );
  return { parseEnv, readEnv: (): z.output<T> => parseEnv(process.env) };
}

/** The environment read at start; an invalid one is printed and ends the process (exit code 1). */
export function readEnvOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
