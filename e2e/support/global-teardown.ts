// Once every test has run, removes the run's folder (made in playwright.config.ts: the database and
// its lock, the copy of the tenant files) and the run's PostgreSQL database when there is one; the
// platform is stopped right after.
import { rm } from 'node:fs/promises';
import { dropRunDatabase } from './run-database.ts';

export default async function globalTeardown() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable (playwright.config.ts)
  const runDir = process.env.E2E_RUN_DIR;
  // The platform still runs: its database may write a file while the folder is removed, so a
  // folder found not empty is tried again.
  const postgresServer = process.env.DATABASE_URL || undefined;
  if (runDir && postgresServer) await dropRunDatabase(postgresServer, runDir);
  if (runDir) await rm(runDir, { recursive: true, force: true, maxRetries: 5 });
}
