// The identity sandbox's configuration: environment variables parsed once at start (the only reader
// of process.env). With NODE_ENV=production it refuses the development admin key (decision 0022).
import {
  directory,
  EnvError,
  environmentOf,
  host,
  httpOrigin,
  logLevel,
  optional,
  port,
  repositoryPath,
} from '@transit-shop/service-kit/env';
import { z } from 'zod';

/** The admin API's key outside production, written in the README for tests and demos. */
export const DEVELOPMENT_ADMIN_KEY = 'identity-sandbox-development-admin-key';

export const PRODUCTION_SECRETS = ['IDENTITY_SANDBOX_ADMIN_KEY'] as const;

export const envSchema = z.object({
  PORT: port(8100),
  HOST: host('127.0.0.1'),
  /** The origin browsers and relying parties reach it at; by default http://127.0.0.1:<port>. */
  IDENTITY_SANDBOX_URL: optional(httpOrigin().optional()),
  TENANTS_DIR: directory(repositoryPath('tenants')),
  THEMES_DIR: directory(repositoryPath('themes')),
  IDENTITY_SANDBOX_ADMIN_KEY: optional(z.string().min(16).default(DEVELOPMENT_ADMIN_KEY)),
  LOG_LEVEL: logLevel(),
});

type Source = Record<string, string | undefined>;

export type Env = z.infer<typeof envSchema> & {
  /**
   * Every variable, for the client secrets the tenant files name by reference (clientSecretOf):
   * which ones are needed is only known once the tenant files are read.
   */
  variables: Readonly<Source>;
};

export { EnvError };

const parsed = environmentOf(envSchema, {
  names: PRODUCTION_SECRETS,
  developmentValues: [DEVELOPMENT_ADMIN_KEY],
});

/** `parseEnv` reads any source (tests); `readEnv` the process environment, once at start. */
export const parseEnv = (source: Source): Env => ({
  ...parsed.parseEnv(source),
  variables: Object.freeze({ ...source }),
});

export const readEnv = (): Env => parseEnv(process.env);

/** The public origin: the one given, else loopback on the port the server listens on. */
export const publicUrlOf = (env: Pick<Env, 'IDENTITY_SANDBOX_URL'>, listeningPort: number): string =>
  env.IDENTITY_SANDBOX_URL ?? `http://127.0.0.1:${listeningPort}`;
