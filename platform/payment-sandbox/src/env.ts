// The sandbox's configuration: environment variables parsed once at start (the only reader of process.env).
// With NODE_ENV=production it refuses to start while a secret is unset or a development default (decision 0022).
import { z } from 'zod';
import type { SandboxConfig } from './config.ts';

/** Development defaults, also written in decision 0018 so that ticket-api uses the same ones. */
export const DEVELOPMENT_SECRETS = {
  apiKey: 'sandbox-development-api-key',
  webhookSecret: 'sandbox-development-webhook-secret',
} as const;

/** The secrets production must be given, each a value of its own (decision 0022). */
export const PRODUCTION_SECRETS = ['PAYMENT_SANDBOX_API_KEY', 'PAYMENT_SANDBOX_WEBHOOK_SECRET'] as const;

// An empty variable counts as unset: container platforms often pass `NAME=` for "not configured".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema);

export const envSchema = z
  .object({
    PORT: optional(z.coerce.number().int().min(0).max(65_535).default(8090)),
    HOST: optional(z.string().min(1).default('127.0.0.1')),
    /** The origin browsers reach the pages at; by default http://127.0.0.1:<PORT>. */
    PAYMENT_SANDBOX_PUBLIC_URL: optional(
      z
        .url({ protocol: /^https?$/, message: 'an absolute http(s) URL' })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    PAYMENT_SANDBOX_API_KEY: optional(z.string().min(16).default(DEVELOPMENT_SECRETS.apiKey)),
    PAYMENT_SANDBOX_WEBHOOK_SECRET: optional(z.string().min(16).default(DEVELOPMENT_SECRETS.webhookSecret)),
    PAYMENT_SANDBOX_SEPA_SETTLE_MS: optional(z.coerce.number().int().min(0).max(86_400_000).default(5000)),
    LOG_LEVEL: optional(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
  })
  .transform((env) => ({
    ...env,
    PAYMENT_SANDBOX_PUBLIC_URL: env.PAYMENT_SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
  }));

export type Env = z.infer<typeof envSchema>;

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Each secret production lacks or was given a development value for, by name (never its value). */
function productionSecretProblems(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== 'production') return [];
  const developmentValues = new Set<string>(Object.values(DEVELOPMENT_SECRETS));
  return PRODUCTION_SECRETS.flatMap((name) => {
    const value = source[name]?.trim();
    if (!value) return [`${name}: unset; NODE_ENV=production needs a secret of this deployment`];
    if (developmentValues.has(value))
      return [`${name}: a development default; NODE_ENV=production needs a secret of this deployment`];
    return [];
  });
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`)),
    ...productionSecretProblems(source),
  ];
  if (problems.length > 0 || !result.success) throw new EnvError(problems);
  return result.data;
}

/** Reads the process environment; call once at start. */
export function readEnv(): Env {
  return parseEnv(process.env);
}

export function sandboxConfig(env: Env): SandboxConfig {
  return {
    apiKey: env.PAYMENT_SANDBOX_API_KEY,
    publicUrl: env.PAYMENT_SANDBOX_PUBLIC_URL,
    sepaSettleMs: env.PAYMENT_SANDBOX_SEPA_SETTLE_MS,
  };
}
