// End-to-end tests in Debian's Chromium against the platform started as `npm start` starts it,
// sending its mail to the test SMTP sink and keeping its accounts in a fresh database per run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, MAILBOX_PORT, SMTP_SINK_PORT } from './e2e/support/platform.ts';
import { runDatabaseUrl } from './e2e/support/run-database.ts';
import { runTenantsDir } from './e2e/support/run-tenants.ts';

// The run's own folder in the OS temp directory, for the database (its lock file sits beside it)
// and the copy of the tenant files the platform serves:
// made once per run (workers load this file again and inherit the variable from the runner), and
// removed by global-teardown.ts.
process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'transit-shop-e2e-'));
// biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable; turbo does not run these tests
const runDir = process.env.E2E_RUN_DIR;
// With DATABASE_URL naming a PostgreSQL server (as in CI), the platform keeps its accounts in a
// database of its own made for the run (support/run-database.ts): never in the server's default
// database, where the demo cards linked by one run would already be taken in the next.
const postgresServer = process.env.DATABASE_URL || undefined;
const platformDatabase: Record<string, string> = postgresServer
  ? { DATABASE_URL: runDatabaseUrl(postgresServer, runDir), E2E_POSTGRES_SERVER: postgresServer }
  : { DATABASE_URL: '', DATA_DIR: join(runDir, 'pgdata') };

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A safety net, not a measure: every step waits for its condition. Tests that walk many pages
  // (eleven sign-in attempts, eight pages checked with axe) take 20-30 s on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL: `http://lumiere.localhost:${E2E_PORT}`,
    // A failed test keeps its trace: its actions, network, console and screencast. The DOM
    // snapshot of every action is left out: it cost about 14 % of the end-to-end run's time
    // (decision 0042), and a failure's page is still kept in error-context.md.
    trace: { mode: 'retain-on-failure', snapshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `node --import tsx e2e/support/smtp-sink.ts --smtp-port ${SMTP_SINK_PORT} --http-port ${MAILBOX_PORT}`,
      url: `http://127.0.0.1:${MAILBOX_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: postgresServer
        ? 'node --import tsx e2e/support/run-database.ts && node scripts/start.mjs'
        : 'node scripts/start.mjs',
      // Ready when the tenant service answers and the ticket API behind it does too: the tenant
      // service listens first, while the ticket API still migrates its database.
      url: `http://127.0.0.1:${E2E_PORT}/api/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        SKIP_BUILD: '1',
        LOG_LEVEL: 'warn',
        // The run's copy of tenants/, watched as in production: a test adds a network to it while
        // the platform runs (tenant-onboarding.spec.ts), never to the repository's folder.
        TENANTS_DIR: runTenantsDir(runDir),
        WATCH_TENANTS: 'true',
        // Both services believe X-Forwarded-For from the loopback, as from a load balancer in front:
        // tests that fail sign-ins on purpose send an address of their own (support/accounts.ts).
        TRUSTED_PROXIES: 'loopback',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
        ...platformDatabase,
        // Email links open the shops where the tests reach them (wahat.localhost:8091...).
        SHOP_PORT: String(E2E_PORT),
        // A SEPA debit settles 5 s after the mandate (the sandbox's default): the browser's way back
        // to the shop and the shop's check of the order take one to three seconds on a busy machine,
        // so a test sees the order pending first, then paid. At 1 s it was often already paid.
        PAYMENT_SANDBOX_SEPA_SETTLE_MS: '5000',
      },
    },
  ],
});
