// `npm run documents:review -- --network <slug>`: the network's staff decide on validation requests
// (decision 0033; src/services/documents/review/review-command.ts says what it does). On the
// embedded database (DATA_DIR) while the ticket API runs, every action goes to the API's staff
// listener, which decides, emails and links as the API does (decision 0041). Otherwise it opens the
// database as the API does (DATABASE_URL, else DATA_DIR) and mails as the API does (SMTP_URL, else
// OUTBOX_DIR), with SHOP_PORT from its own environment for the links.
import { userInfo } from 'node:os';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { systemClock } from '../src/clock.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { readEnv } from '../src/env.ts';
import { readStaffAccess, staffAccessPath } from '../src/http/staff-listener.ts';
import { createLogger } from '../src/logger.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { documentStorageInDataDir, documentStorageOf } from '../src/services/documents/document-storage.ts';
import { performReviewAction } from '../src/services/documents/review/perform-review-action.ts';
import { type ReviewDesk, staffReviewDesk } from '../src/services/documents/review/review-actions.ts';
import {
  parseReviewArguments,
  REVIEW_USAGE,
  type ReviewIo,
  runReviewCommand,
} from '../src/services/documents/review/review-command.ts';
import { loadNetworks } from '../src/tenants/load-networks.ts';

type Env = ReturnType<typeof readEnv>;
type Run = (desk: ReviewDesk) => Promise<number>;

/** Through the ticket API running on the embedded database, or null when none runs. */
async function throughRunningApi(env: Env, slug: string, run: Run): Promise<number | null> {
  if (env.DATABASE_URL) return null;
  const access = await readStaffAccess(env.DATA_DIR);
  if (!access) return null;
  try {
    return await run(staffReviewDesk({ url: access.url, token: access.token, network: slug }));
  } catch (error) {
    const code = isAppError(error) ? error.code : undefined;
    if (code === 'NETWORK_NOT_FOUND') console.error(`no network "${slug}" in the running ticket API`);
    else if (code === 'TOKEN_INVALID')
      console.error(`the running ticket API refused the token of ${staffAccessPath(env.DATA_DIR)}`);
    else if (code === 'CONNECTION_ERROR')
      console.error(`the ticket API (process ${access.pid}) does not answer at ${access.url}: retry`);
    else throw error;
    return 1;
  }
}

/** With the database opened here. */
async function directly(env: Env, slug: string, run: Run): Promise<number> {
  const logger = createLogger({ level: 'warn' });
  const networks = await loadNetworks({ tenantsDir: env.TENANTS_DIR, themesDir: env.THEMES_DIR, logger });
  const network = networks.all().find((candidate) => candidate.network.slug === slug);
  if (!network) {
    console.error(`no network "${slug}" in ${env.TENANTS_DIR}`);
    return 1;
  }
  if (env.SHOP_PORT === undefined) {
    console.error(
      'the emails link to the shop without a port (SHOP_PORT is unset): where the shops answer on one, as on 8080 under npm start, set it (SHOP_PORT=8080)',
    );
  }
  const database = await createDatabase({ ...env, logger });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: env.OUTBOX_DIR,
    from: env.MAIL_FROM,
    logger,
  });
  try {
    await migrateDatabase(database);
    const storage = documentStorageOf({
      db: database.db,
      clock: systemClock,
      documentStorage: documentStorageInDataDir(env.DATA_DIR),
    });
    return await run((reviewer, action) =>
      performReviewAction(
        {
          db: database.db,
          network,
          now: systemClock.now(),
          mailer,
          logger,
          shopPort: env.SHOP_PORT,
          storage,
        },
        { reviewer, action },
      ),
    );
  } finally {
    mailer.close();
    await database.close();
  }
}

async function main(): Promise<number> {
  const options = parseReviewArguments(process.argv.slice(2));
  const slug = options?.get('network');
  if (!options || typeof slug !== 'string') {
    console.error(REVIEW_USAGE);
    return 2;
  }
  const env = readEnvOrExit(readEnv);
  const given = options.get('reviewer');
  const reviewer = typeof given === 'string' ? given : userInfo().username;
  const io: ReviewIo = { input: process.stdin, output: process.stdout };
  const run: Run = (desk) => runReviewCommand(desk, io, options, reviewer);
  return (await throughRunningApi(env, slug, run)) ?? directly(env, slug, run);
}

process.exitCode = await main();
