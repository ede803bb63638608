// The ticket API's configuration: environment variables parsed once at start (the only reader of process.env).
// With NODE_ENV=production it refuses to start while a secret is unset or a development default (decision 0022).

import { resolve } from 'node:path';
import {
  booleanFlag,
  directory,
  EnvError,
  environmentOf,
  host,
  httpOrigin,
  logLevel,
  optional,
  port,
  positiveInteger,
  repositoryPath,
} from '@transit-shop/service-kit/env';
import { z } from 'zod';
import { mailSenderOf } from './mail-sender.ts';
import { compileTrustedProxies } from './security/trusted-proxies.ts';

/** Defaults point into this repository, so `npm start` works from any working directory. */
export const DEFAULT_DIRS = {
  tenants: repositoryPath('tenants'),
  themes: repositoryPath('themes'),
  data: repositoryPath('var', 'ticket-api', 'pgdata'),
  outbox: repositoryPath('var', 'outbox'),
};

/** The payment sandbox's development secrets (decision 0018), the defaults outside production. */
export const DEVELOPMENT_SECRETS = {
  PAYMENT_SANDBOX_API_KEY: 'sandbox-development-api-key',
  PAYMENT_SANDBOX_WEBHOOK_SECRET: 'sandbox-development-webhook-secret',
} as const;

/**
 * What production must be given, each a value of its own: the sandbox's two secrets, and the key
 * that signs id tokens, which would otherwise be generated and kept in the database (decision 0022).
 */
export const PRODUCTION_SECRETS = [
  'PAYMENT_SANDBOX_API_KEY',
  'PAYMENT_SANDBOX_WEBHOOK_SECRET',
  'IDENTITY_PRIVATE_KEY',
] as const;

/** A PGlite data directory that lives in memory only (tests). */
export const IN_MEMORY_DATA_DIR = 'memory://';

const postgresUrl = z.url({
  protocol: /^postgres(ql)?$/,
  message: 'a postgres:// or postgresql:// connection URL',
});

const smtpUrl = z.url({ protocol: /^smtps?$/, message: 'an smtp:// or smtps:// URL' });

const privateKeyPem = z
  .string()
  // Container platforms often flatten new lines of a multi-line variable into "\n".
  .transform((pem) => pem.replace(/\\n/g, '\n').trim())
  .refine(
    (pem) => /^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----$/.test(pem),
    'a PKCS #8 PEM private key (-----BEGIN PRIVATE KEY-----) of a P-256 key',
  );

export const envSchema = z.object({
  PORT: port(8081),
  HOST: host('0.0.0.0'),
  /** PostgreSQL when set; otherwise the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: optional(postgresUrl.optional()),
  DATA_DIR: optional(z.string().default(DEFAULT_DIRS.data)).transform((dir) =>
    dir === IN_MEMORY_DATA_DIR ? dir : resolve(dir),
  ),
  TENANTS_DIR: directory(DEFAULT_DIRS.tenants),
  THEMES_DIR: directory(DEFAULT_DIRS.themes),
  /** Reload the network files when they change (decision 0025). */
  WATCH_TENANTS: booleanFlag(true),
  LOG_LEVEL: logLevel(),
  /** Mail goes to this SMTP server when set; otherwise each message is written to OUTBOX_DIR. */
  SMTP_URL: optional(smtpUrl.optional()),
  OUTBOX_DIR: directory(DEFAULT_DIRS.outbox),
  /** The port the shops' domains answer on, written in email links; unset: the scheme's default. */
  SHOP_PORT: optional(z.coerce.number().int().min(1).max(65_535).optional()),
  /** The address of every email; its display name only for emails no network sends (a network's show its name). */
  MAIL_FROM: optional(
    z
      .string()
      .min(3)
      .default('Transit shop <no-reply@transit-shop.localhost>')
      .refine(
        (from) => mailSenderOf(from) !== null,
        'one email address, as `Name <address@domain>` or `address@domain`',
      ),
  ),
  SESSION_IDLE_MINUTES: positiveInteger(60, 24 * 60),
  SESSION_ABSOLUTE_DAYS: positiveInteger(30, 365),
  /** The identity provider's ES256 key; without it, one key generated once and kept in the database. */
  IDENTITY_PRIVATE_KEY: optional(privateKeyPem.optional()),
  /** The payment sandbox's origin (decision 0018): the shop's port + 10 under `npm start`. */
  PAYMENT_SANDBOX_URL: optional(httpOrigin().default('http://127.0.0.1:8090')),
  /** Sent as `Authorization: Bearer` on calls to the sandbox; the sandbox's development default. */
  PAYMENT_SANDBOX_API_KEY: optional(z.string().min(16).default(DEVELOPMENT_SECRETS.PAYMENT_SANDBOX_API_KEY)),
  /** Signs the sandbox's notifications; the sandbox's development default. */
  PAYMENT_SANDBOX_WEBHOOK_SECRET: optional(
    z.string().min(16).default(DEVELOPMENT_SECRETS.PAYMENT_SANDBOX_WEBHOOK_SECRET),
  ),
  /**
   * The proxies whose X-Forwarded-For names the client (decision 0024): the tenant service's
   * addresses, comma-separated (addresses, CIDR ranges, loopback, linklocal, uniquelocal; none).
   * By default loopback and the private ranges, where a tenant service reaches it.
   */
  TRUSTED_PROXIES: optional(z.string().default('loopback,uniquelocal'))
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((list) => {
      try {
        compileTrustedProxies(list);
        return true;
      } catch {
        return false;
      }
    }, 'comma-separated addresses or CIDR ranges, loopback, linklocal, uniquelocal or none'),
  /** Where the payment provider reaches this service's notification route. */
  TICKET_API_PUBLIC_URL: optional(httpOrigin().optional()),
  /**
   * The identity sandbox's origin (decision 0044), put in place of `${IDENTITY_SANDBOX_URL}` in the
   * demo networks' issuers.
   */
  IDENTITY_SANDBOX_URL: optional(httpOrigin().default('http://127.0.0.1:8100')),
});

export type Env = z.infer<typeof envSchema>;

export { EnvError };

/** `parseEnv` reads any source (tests); `readEnv` the process environment, once at start. */
export const { parseEnv, readEnv } = environmentOf(envSchema, {
  names: PRODUCTION_SECRETS,
  developmentValues: Object.values(DEVELOPMENT_SECRETS),
});

/** The value of the environment variable a tenant file names (a provider's clientSecretRef). */
export type SecretOf = (reference: string) => string | undefined;

/**
 * The secrets the tenant files name by their variables (decision 0044), read from the source as it is
 * now: the networks' files name them, so no schema lists them. An empty variable counts as unset.
 */
export function secretsOf(source: Readonly<Record<string, string | undefined>> = process.env): SecretOf {
  const secrets = new Map(
    Object.entries(source).filter(
      (entry): entry is [string, string] => /^[A-Z][A-Z0-9_]{2,127}$/.test(entry[0]) && Boolean(entry[1]),
    ),
  );
  return (reference) => secrets.get(reference);
}
