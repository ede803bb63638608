// Tacit subscriptions' renewals run ahead of time, as `npm run subscriptions:renew` runs them
// (decision 0043): against the platform under test (its database, its payment sandbox, its mail),
// so the provider's word completes the renewal's order in the running ticket API.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { E2E_PORT, SMTP_SINK_PORT } from './platform.ts';
import { runDatabaseUrl } from './run-database.ts';
import { runTenantsDir } from './run-tenants.ts';

const run = promisify(execFile);

/** The renewals due `days` from now, run now; answers what the command printed. */
export async function runRenewalsIn(days: number): Promise<string> {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by playwright.config.ts for the run
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: run the tests with Playwright');
  const server = process.env.DATABASE_URL || undefined;
  const database = server
    ? { DATABASE_URL: runDatabaseUrl(server, runDir) }
    : { DATABASE_URL: '', DATA_DIR: join(runDir, 'pgdata') };
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'platform/ticket-api/scripts/subscriptions-renew.ts', '--in', String(days)],
    {
      env: {
        ...process.env,
        ...database,
        TENANTS_DIR: runTenantsDir(runDir),
        PAYMENT_SANDBOX_URL: `http://127.0.0.1:${E2E_PORT + 10}`,
        TICKET_API_PUBLIC_URL: `http://127.0.0.1:${E2E_PORT + 1}`,
        PORT: String(E2E_PORT + 1),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
        SHOP_PORT: String(E2E_PORT),
        LOG_LEVEL: 'warn',
      },
      timeout: 60_000,
    },
  );
  return stdout;
}
