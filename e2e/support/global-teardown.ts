// Removes the run's folder (made in playwright.config.ts: the database and its lock, the copy of
// the tenant files) once every test has run; the platform is stopped right after.
import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable (playwright.config.ts)
  const runDir = process.env.E2E_RUN_DIR;
  // The platform still runs: its database may write a file while the folder is removed, so a
  // folder found not empty is tried again.
  if (runDir) await rm(runDir, { recursive: true, force: true, maxRetries: 5 });
}
