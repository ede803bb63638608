// Starts the ticket API: environment, logger, networks (followed while it runs), database and
// migrations, identity key, mail, background jobs, HTTP server, and on the embedded database the
// staff listener (decision 0041); stops gracefully on SIGTERM and SIGINT.
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { onStopSignal, type RunningServer, startServer } from '@transit-shop/service-kit/http-server';
import { createApp } from './app.ts';
import { systemClock } from './clock.ts';
import { createDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { IN_MEMORY_DATA_DIR, readEnv, secretsOf } from './env.ts';
import { trackInFlight } from './http/in-flight.ts';
import { startStaffListener } from './http/staff-listener.ts';
import { startAccountJobs } from './jobs/account-jobs.ts';
import { startDocumentJobs } from './jobs/document-jobs.ts';
import { startOrderJobs } from './jobs/order-jobs.ts';
import { startRateLimitJobs } from './jobs/rate-limit-jobs.ts';
import { startSignInJobs } from './jobs/sign-in-jobs.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { APP_JOBS } from './queue/job-definitions.ts';
import { startJobs } from './queue/job-queue.ts';
import { compileTrustedProxies } from './security/trusted-proxies.ts';
import type { AppDeps } from './services/app-deps.ts';
import { demoQualificationProvider } from './services/documents/demo-qualification-provider.ts';
import { documentStorageInDataDir } from './services/documents/document-storage.ts';
import { loadIdentityKeys } from './services/identity/identity-keys.ts';
import { createDemoCardRegistry } from './services/media/demo-card-registry.ts';
import { createSandboxProvider } from './services/payments/sandbox-provider.ts';
import { createSignInProviders } from './services/sign-in-providers/provider-registry.ts';
import { createDatabaseTicketSigner } from './services/tickets/ticket-signer.ts';
import { createVoucherFileSync } from './services/vouchers/sync-voucher-files.ts';
import { followTenantFiles } from './tenants/follow-tenant-files.ts';
import { loadNetworkStore } from './tenants/load-networks.ts';

// Open connections get this long to finish after SIGTERM before they are cut.
const SHUTDOWN_GRACE_MS = 10_000;

const env = readEnvOrExit(readEnv);
const logger = createLogger({ level: env.LOG_LEVEL });
const clock = systemClock;

async function start() {
  const { store, networks } = await loadNetworkStore({
    tenantsDir: env.TENANTS_DIR,
    themesDir: env.THEMES_DIR,
    logger,
  });
  const database = await createDatabase({ ...env, logger });
  logger.info(
    database.driver.kind === 'postgres'
      ? { database: 'postgres', host: new URL(database.driver.url).host }
      : { database: 'pglite', dataDir: database.driver.dataDir },
    database.driver.kind === 'postgres'
      ? 'using PostgreSQL'
      : `using the embedded database in ${env.DATA_DIR}`,
  );
  await migrateDatabase(database);
  const vouchers = createVoucherFileSync({ db: database.db, clock, tenantsDir: env.TENANTS_DIR, logger });
  await vouchers.sync(networks.all());
  // A network's real ticketing system plugs in here: an adapter of CardRegistry in place of the demo.
  const cards = createDemoCardRegistry({ db: database.db, tenantsDir: env.TENANTS_DIR, logger });
  await cards.sync(networks.all());
  const follower = await followTenantFiles({
    store,
    networks,
    vouchers,
    cards,
    watch: env.WATCH_TENANTS,
    dirs: [env.TENANTS_DIR, env.THEMES_DIR],
    logger,
  });
  const identityKeys = await loadIdentityKeys({
    db: database.db,
    clock,
    privateKeyPem: env.IDENTITY_PRIVATE_KEY,
  });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: env.OUTBOX_DIR,
    from: env.MAIL_FROM,
    logger,
  });
  const jobs = await startJobs({ database, definitions: APP_JOBS, logger });
  await jobs.work('send-mail', async (message) => {
    await mailer.sendMail(message);
  });
  await startAccountJobs(jobs, { db: database.db, clock, logger });
  await startRateLimitJobs(jobs, { db: database.db, clock, logger });
  await startSignInJobs(jobs, { db: database.db, clock, logger });
  await startDocumentJobs(jobs, {
    db: database.db,
    clock,
    logger,
    mailer,
    networks,
    shopPort: env.SHOP_PORT,
  });
  const payments = createSandboxProvider({
    baseUrl: env.PAYMENT_SANDBOX_URL,
    apiKey: env.PAYMENT_SANDBOX_API_KEY,
    webhookSecret: env.PAYMENT_SANDBOX_WEBHOOK_SECRET,
  });
  const publicUrl = env.TICKET_API_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`;
  const ticketSigner = createDatabaseTicketSigner({ db: database.db, clock });
  await startOrderJobs(jobs, {
    db: database.db,
    clock,
    networks,
    payments,
    cards,
    publicUrl,
    jobs,
    logger,
    mailer,
    shopPort: env.SHOP_PORT,
    ticketSigner,
  });

  const deps: AppDeps = {
    db: database.db,
    clock,
    networks,
    sessionPolicy: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteDays: env.SESSION_ABSOLUTE_DAYS },
    identityKeys,
    mailer,
    shopPort: env.SHOP_PORT,
    logger,
    payments,
    cards,
    ticketSigner,
    signInProviders: createSignInProviders({
      identitySandboxUrl: env.IDENTITY_SANDBOX_URL,
      secretOf: secretsOf(),
      clock,
      logger,
    }),
    publicUrl,
    jobs,
    trustProxy: compileTrustedProxies(env.TRUSTED_PROXIES),
    documentStorage: documentStorageInDataDir(env.DATA_DIR),
    qualificationProvider: demoQualificationProvider({ networks }),
    pingDatabase: () => database.ping(),
  };
  const app = createApp(deps);
  // Only this process can open the embedded database: staff commands act through it.
  const staff =
    database.driver.kind === 'pglite' && env.DATA_DIR !== IN_MEMORY_DATA_DIR
      ? await startStaffListener({
          deps,
          dataDir: env.DATA_DIR,
          closeGraceMs: SHUTDOWN_GRACE_MS,
          production: process.env.NODE_ENV === 'production',
        })
      : undefined;
  if (staff) {
    logger.info(
      { staffUrl: staff.url, accessFile: staff.accessFile },
      `staff commands act through ${staff.url} (address and token in ${staff.accessFile})`,
    );
  }
  const inFlight = trackInFlight(app.fetch);
  let server: RunningServer;
  try {
    server = await startServer({
      fetch: inFlight.fetch,
      port: env.PORT,
      hostname: env.HOST,
      closeGraceMs: SHUTDOWN_GRACE_MS,
    });
  } catch (error) {
    logger.fatal({ err: error, port: env.PORT, host: env.HOST }, 'the HTTP server cannot listen');
    await staff?.close();
    process.exit(1);
  }
  logger.info({ port: server.port, host: env.HOST }, `listening on http://${env.HOST}:${server.port}/`);

  onStopSignal(logger, async () => {
    follower.close();
    const forced = setTimeout(() => {
      logger.warn('stopping took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS * 2);
    forced.unref();
    try {
      // Staff commands find no listener from now on, and open the database once it is closed.
      await staff?.close();
      // Idle keep-alive connections go now, busy ones after the grace period.
      await server.close();
      // A request whose client hung up still runs: the database stays open until it ends.
      await inFlight.idle();
      await jobs.stop();
      mailer.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  });
}

start().catch((error: unknown) => {
  logger.fatal({ err: error }, 'the ticket API cannot start');
  process.exit(1);
});
