// Builds the service on fixture folders for a test: store, app (for app.request()) and captured log lines.

import { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { WebDist } from '../web/web-dist.ts';
import { createFixture, type FixtureDirs, removeFixture } from './fixtures.ts';

export type LogLine = { level: number; msg: string; [key: string]: unknown };

export async function startService(
  dirs: FixtureDirs,
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
) {
  const logs: LogLine[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  });
  const parsed = parseEnv({
    TENANTS_DIR: dirs.tenantsDir,
    THEMES_DIR: dirs.themesDir,
    WEB_DIST_DIR: dirs.distDir,
    ...env,
  });
  const store = new TenantStore({ tenantsDir: parsed.TENANTS_DIR, themesDir: parsed.THEMES_DIR, logger });
  await store.load();
  // Checked on every request, so a test sees a rewritten index.html at once.
  const web = new WebDist({ dir: parsed.WEB_DIST_DIR, logger, checkIntervalMs: 0 });
  const app = createApp({ store, env: parsed, logger, web, ...options });
  /** GET with a Host header (and optional cookies): what a browser on that domain sends. */
  const get = (host: string, path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { host, ...headers } });
  return { app, store, logs, env: parsed, logger, get };
}

export const ERROR = 50;

export type FixtureService = Awaited<ReturnType<typeof startService>>;

/** A fresh fixture folder and a service on it for the whole test file, removed afterwards. */
export function useFixtureService(): { dirs: FixtureDirs; service: FixtureService } {
  const fixture = {} as { dirs: FixtureDirs; service: FixtureService };
  beforeAll(async () => {
    fixture.dirs = await createFixture();
    fixture.service = await startService(fixture.dirs);
  });
  afterAll(() => removeFixture(fixture.dirs));
  return fixture;
}
