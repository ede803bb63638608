// The run's own PostgreSQL database when DATABASE_URL names a server (as in CI): created before the
// platform starts and dropped by global-teardown.ts, so demo cards linked or blocked by one run are
// fresh again in the next. Without DATABASE_URL the platform keeps the run's embedded database in
// the run's folder instead (playwright.config.ts).
import { basename } from 'node:path';
import pg from 'pg';

/** The run's database on the server named by `serverUrl`, named after the run's folder. */
export function runDatabaseUrl(serverUrl: string, runDir: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${runDatabaseName(runDir)}`;
  return url.toString();
}

function runDatabaseName(runDir: string): string {
  return `e2e_${basename(runDir)
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;
}

async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createRunDatabase(serverUrl: string, runDir: string): Promise<void> {
  const name = runDatabaseName(runDir);
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  await onServer(serverUrl, `create database ${name}`);
}

export async function dropRunDatabase(serverUrl: string, runDir: string): Promise<void> {
  await onServer(serverUrl, `drop database if exists ${runDatabaseName(runDir)} with (force)`);
}

// `node --import tsx e2e/support/run-database.ts`: creates the database of the run named by
// E2E_RUN_DIR on the server named by E2E_POSTGRES_SERVER (the platform's command runs it first).
if (import.meta.url === `file://${process.argv[1]}`) {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by playwright.config.ts for this command
  const server = process.env.E2E_POSTGRES_SERVER;
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by playwright.config.ts for this command
  const runDir = process.env.E2E_RUN_DIR;
  if (!server || !runDir) throw new Error('E2E_POSTGRES_SERVER and E2E_RUN_DIR must be set');
  await createRunDatabase(server, runDir);
}
