// The service's configuration: environment variables parsed once at start (the only reader of process.env).
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
  repositoryPath,
} from '@transit-shop/service-kit/env';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/** Defaults point into this repository, so `npm start` works from any working directory. */
export const DEFAULT_DIRS = {
  tenants: repositoryPath('tenants'),
  themes: repositoryPath('themes'),
  webDist: repositoryPath('platform', 'web', 'dist'),
};

/** One beacon source: a path on this service ("/alerts") or an absolute http(s) URL. */
const alertSource = z.string().refine((source) => {
  if (source.startsWith('/')) return !source.startsWith('//');
  try {
    const url = new URL(source);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'each source is a path starting with "/" or an absolute http(s) URL');

export const envSchema = z.object({
  PORT: port(8080),
  HOST: host('0.0.0.0'),
  TENANTS_DIR: directory(DEFAULT_DIRS.tenants),
  THEMES_DIR: directory(DEFAULT_DIRS.themes),
  WEB_DIST_DIR: directory(DEFAULT_DIRS.webDist),
  ALERT_SOURCES: optional(z.string().default('/alerts')).pipe(
    z
      .string()
      .transform((list) => list.split('|').map((source) => source.trim()))
      .pipe(z.array(alertSource).min(1))
      .transform((sources) => sources.join('|')),
  ),
  ALERT_MAX_AGE_SECONDS: optional(z.coerce.number().int().min(0).max(86_400).default(30)),
  TICKET_API_URL: optional(httpOrigin().optional()),
  /**
   * Proxies in front of this service whose X-Forwarded-For names the client (a load balancer),
   * comma-separated: addresses, CIDR ranges, loopback, linklocal, uniquelocal; none by default,
   * so the socket's peer is the client (decision 0024).
   */
  TRUSTED_PROXIES: optional(z.string().default('none'))
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '' && entry !== 'none'),
    )
    .refine((list) => {
      try {
        if (list.length > 0) proxyAddr.compile(list);
        return true;
      } catch {
        return false;
      }
    }, 'comma-separated addresses or CIDR ranges, loopback, linklocal, uniquelocal or none'),
  LOG_LEVEL: logLevel(),
  WATCH_TENANTS: booleanFlag(true),
});

export type Env = z.infer<typeof envSchema>;

export { EnvError };

/** `parseEnv` reads any source (tests); `readEnv` the process environment, once at start. */
export const { parseEnv, readEnv } = environmentOf(envSchema);
