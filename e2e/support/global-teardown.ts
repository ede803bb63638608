// Removes the run's folder (made in playwright.config.ts: the database and its lock) once every
// test has run; the platform is stopped right after.
import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable (playwright.config.ts)
  const runDir = process.env.E2E_RUN_DIR;
  if (runDir) await rm(runDir, { recursive: true, force: true });
}
