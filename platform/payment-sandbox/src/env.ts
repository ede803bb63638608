// The sandbox's configuration: environment variables parsed once at start (the only reader of process.env).
// With NODE_ENV=production it refuses to start while a secret is unset or a development default (decision 0022).
import {
  EnvError,
  environmentOf,
  host,
  httpOrigin,
  logLevel,
  optional,
  port,
} from '@transit-shop/service-kit/env';
import { z } from 'zod';
import type { SandboxConfig } from './config.ts';

/** Development defaults, also written in decision 0018 so that ticket-api uses the same ones. */
export const DEVELOPMENT_SECRETS = {
  apiKey: 'sandbox-development-api-key',
  webhookSecret: 'sandbox-development-webhook-secret',
} as const;

/** The secrets production must be given, each a value of its own (decision 0022). */
export const PRODUCTION_SECRETS = ['PAYMENT_SANDBOX_API_KEY', 'PAYMENT_SANDBOX_WEBHOOK_SECRET'] as const;

export const envSchema = z
  .object({
    PORT: port(8090),
    HOST: host('127.0.0.1'),
    /** The origin browsers reach the pages at; by default http://127.0.0.1:<PORT>. */
    PAYMENT_SANDBOX_PUBLIC_URL: optional(httpOrigin().optional()),
    PAYMENT_SANDBOX_API_KEY: optional(z.string().min(16).default(DEVELOPMENT_SECRETS.apiKey)),
    PAYMENT_SANDBOX_WEBHOOK_SECRET: optional(z.string().min(16).default(DEVELOPMENT_SECRETS.webhookSecret)),
    PAYMENT_SANDBOX_SEPA_SETTLE_MS: optional(z.coerce.number().int().min(0).max(86_400_000).default(5000)),
    LOG_LEVEL: logLevel(),
  })
  .transform((env) => ({
    ...env,
    PAYMENT_SANDBOX_PUBLIC_URL: env.PAYMENT_SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
  }));

export type Env = z.infer<typeof envSchema>;

export { EnvError };

/** `parseEnv` reads any source (tests); `readEnv` the process environment, once at start. */
export const { parseEnv, readEnv } = environmentOf(envSchema, {
  names: PRODUCTION_SECRETS,
  developmentValues: Object.values(DEVELOPMENT_SECRETS),
});

export function sandboxConfig(env: Env): SandboxConfig {
  return {
    apiKey: env.PAYMENT_SANDBOX_API_KEY,
    publicUrl: env.PAYMENT_SANDBOX_PUBLIC_URL,
    sepaSettleMs: env.PAYMENT_SANDBOX_SEPA_SETTLE_MS,
  };
}
