// `npm run subscriptions:renew -- --at <instant> | --in <days>`: runs the tacit subscriptions'
// renewals as they will run at that instant (decision 0043; src/services/orders/subscriptions/
// renew-as-at.ts): the notices due by then are sent and the charges due by then made, for real,
// through the payment provider, whose word completes each period's order in the running ticket API.
// For demonstrations and end-to-end tests; refused ahead of now with NODE_ENV=production. On the
// embedded database while the ticket API runs, it goes through the API's staff listener (decision
// 0041); otherwise it opens the database as the API does and charges as the API does
// (PAYMENT_SANDBOX_*, TICKET_API_PUBLIC_URL or the API's own PORT for the provider's word).
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { systemClock } from '../src/clock.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { readEnv } from '../src/env.ts';
import { readStaffAccess } from '../src/http/staff-listener.ts';
import { createLogger } from '../src/logger.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createDemoCardRegistry } from '../src/services/media/demo-card-registry.ts';
import {
  RenewAheadRefused,
  type RenewAsAtAnswer,
  renewAsAt,
  renewAsAtAnswerSchema,
  STAFF_RENEW_PATH,
} from '../src/services/orders/subscriptions/renew-as-at.ts';
import { createSandboxProvider } from '../src/services/payments/sandbox-provider.ts';
import { createDatabaseTicketSigner } from '../src/services/tickets/ticket-signer.ts';
import { loadNetworks } from '../src/tenants/load-networks.ts';

const USAGE = 'usage: npm run subscriptions:renew -- --at <ISO 8601 instant> | --in <days>';
const DAY_MS = 86_400_000;

type Env = ReturnType<typeof readEnv>;

function instantOf(args: readonly string[]): Date | null {
  const [flag, value] = args;
  if (flag === '--at' && value && !Number.isNaN(Date.parse(value))) return new Date(value);
  if (flag === '--in' && value && /^\d{1,4}(\.\d+)?$/.test(value))
    return new Date(systemClock.now().getTime() + Number(value) * DAY_MS);
  return null;
}

async function throughRunningApi(env: Env, at: Date): Promise<RenewAsAtAnswer | null> {
  if (env.DATABASE_URL) return null;
  const access = await readStaffAccess(env.DATA_DIR);
  if (!access) return null;
  const response = await fetch(new URL(STAFF_RENEW_PATH, access.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${access.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ at: at.toISOString() }),
  });
  const body = (await response.json()) as { status: string; response: unknown };
  if (body.status !== 'ok')
    throw new Error(`the running ticket API refused: ${JSON.stringify(body.response)}`);
  return renewAsAtAnswerSchema.parse(body.response);
}

async function directly(env: Env, at: Date, production: boolean): Promise<RenewAsAtAnswer> {
  const logger = createLogger({ level: 'warn' });
  const networks = await loadNetworks({ tenantsDir: env.TENANTS_DIR, themesDir: env.THEMES_DIR, logger });
  const database = await createDatabase({ ...env, logger });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: env.OUTBOX_DIR,
    from: env.MAIL_FROM,
    logger,
  });
  try {
    await migrateDatabase(database);
    const deps = {
      db: database.db,
      clock: systemClock,
      networks,
      payments: createSandboxProvider({
        baseUrl: env.PAYMENT_SANDBOX_URL,
        apiKey: env.PAYMENT_SANDBOX_API_KEY,
        webhookSecret: env.PAYMENT_SANDBOX_WEBHOOK_SECRET,
      }),
      cards: createDemoCardRegistry({ db: database.db, tenantsDir: env.TENANTS_DIR, logger }),
      publicUrl: env.TICKET_API_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
      jobs: undefined,
      logger,
      shopPort: env.SHOP_PORT,
      mailer,
      ticketSigner: createDatabaseTicketSigner({ db: database.db, clock: systemClock }),
    };
    return await renewAsAt(deps, at, { production });
  } finally {
    mailer.close();
    await database.close();
  }
}

async function main(): Promise<number> {
  const at = instantOf(process.argv.slice(2));
  if (!at) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnvOrExit(readEnv);
  const production = process.env.NODE_ENV === 'production';
  try {
    const answer = (await throughRunningApi(env, at)) ?? (await directly(env, at, production));
    console.log(`as at ${answer.at}: ${answer.noticed} notice(s) sent, ${answer.charged} renewal(s) charged`);
    return 0;
  } catch (error) {
    if (error instanceof RenewAheadRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
