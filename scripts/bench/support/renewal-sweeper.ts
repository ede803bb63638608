// The renewals' benchmark's own sweeper (renewals.ts): renewDueSubscriptions' deps built as the
// ticket API's main.ts builds them, on the ticket API's database with a connection name of its own
// (told apart in pg_stat_activity), the sandbox's charges timed and its logged errors counted.
import { join } from 'node:path';
import { systemClock } from '../../../platform/ticket-api/src/clock.ts';
import { createDatabase } from '../../../platform/ticket-api/src/db/database.ts';
import { IN_MEMORY_DATA_DIR } from '../../../platform/ticket-api/src/env.ts';
import { createLogger } from '../../../platform/ticket-api/src/logger.ts';
import { createMailer } from '../../../platform/ticket-api/src/mail/mailer.ts';
import { APP_JOBS } from '../../../platform/ticket-api/src/queue/job-definitions.ts';
import { startJobs } from '../../../platform/ticket-api/src/queue/job-queue.ts';
import { createDemoCardRegistry } from '../../../platform/ticket-api/src/services/media/demo-card-registry.ts';
import type { CheckoutDeps } from '../../../platform/ticket-api/src/services/orders/checkout-deps.ts';
import { createSandboxProvider } from '../../../platform/ticket-api/src/services/payments/sandbox-provider.ts';
import { createDatabaseTicketSigner } from '../../../platform/ticket-api/src/services/tickets/ticket-signer.ts';
import { loadNetworkStore } from '../../../platform/ticket-api/src/tenants/load-networks.ts';
import { root } from './loopback.ts';

/** The sweep's connections' application_name. */
export const SWEEP_APPLICATION = 'bench sweep';

export type Sweeper = Awaited<ReturnType<typeof startSweeper>>;

export async function startSweeper(options: {
  api: { databaseUrl: string; outboxDir: string };
  sandboxUrl: string;
  secrets: { apiKey: string; webhookSecret: string };
  /** Where the provider notifies: the ticket API's process, which completes the orders. */
  publicUrl: string;
}) {
  const measured = {
    /** Errors the sweep logged (a renewal that failed is logged, not thrown). */
    errorsLogged: 0,
    /** How long each charge the sweep sent took the sandbox to answer, ms. */
    chargeCallsMs: [] as number[],
  };
  const logger = createLogger({
    level: 'warn',
    destination: {
      write(line: string) {
        if (/"level":(50|60)/.test(line)) measured.errorsLogged += 1;
        process.stdout.write(line);
      },
    },
  });
  const sweepUrl = new URL(options.api.databaseUrl);
  sweepUrl.searchParams.set('application_name', SWEEP_APPLICATION);
  const database = await createDatabase({
    DATABASE_URL: sweepUrl.toString(),
    DATA_DIR: IN_MEMORY_DATA_DIR,
    logger,
  });
  const tenantsDir = join(root, 'tenants');
  const { networks } = await loadNetworkStore({ tenantsDir, themesDir: join(root, 'themes'), logger });
  const jobs = await startJobs({ database, definitions: APP_JOBS, logger });
  const provider = createSandboxProvider({
    baseUrl: options.sandboxUrl,
    apiKey: options.secrets.apiKey,
    webhookSecret: options.secrets.webhookSecret,
  });
  const deps: CheckoutDeps = {
    db: database.db,
    clock: systemClock,
    networks,
    payments: {
      ...provider,
      async chargeSavedMethod(input) {
        const started = performance.now();
        try {
          return await provider.chargeSavedMethod(input);
        } finally {
          measured.chargeCallsMs.push(performance.now() - started);
        }
      },
    },
    cards: createDemoCardRegistry({ db: database.db, tenantsDir, logger }),
    publicUrl: options.publicUrl,
    jobs,
    logger,
    mailer: createMailer({
      smtpUrl: '',
      outboxDir: options.api.outboxDir,
      from: 'Transit shop <no-reply@transit-shop.localhost>',
      logger,
    }),
    ticketSigner: createDatabaseTicketSigner({ db: database.db, clock: systemClock }),
  };
  const pool = database.driver.kind === 'postgres' ? database.driver.pool : null;
  return {
    deps,
    pool,
    measured,
    close: async () => {
      await jobs.stop();
      await database.close();
    },
  };
}
