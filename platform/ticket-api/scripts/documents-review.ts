// `npm run documents:review -- --network <slug>`: the network's staff decide on validation requests
// (decision 0033; src/services/documents/review/review-command.ts says what it does). Opens the
// database as the ticket API does: DATABASE_URL for PostgreSQL, else the embedded database in
// DATA_DIR (not while the API has it open), and mails as the API does (SMTP_URL, else OUTBOX_DIR).
import { userInfo } from 'node:os';
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { systemClock } from '../src/clock.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { readEnv } from '../src/env.ts';
import { createLogger } from '../src/logger.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { documentStorageInDataDir, documentStorageOf } from '../src/services/documents/document-storage.ts';
import {
  parseReviewArguments,
  REVIEW_USAGE,
  runReviewCommand,
} from '../src/services/documents/review/review-command.ts';
import { loadNetworks } from '../src/tenants/load-networks.ts';

async function main(): Promise<number> {
  const options = parseReviewArguments(process.argv.slice(2));
  const slug = options?.get('network');
  if (!options || typeof slug !== 'string') {
    console.error(REVIEW_USAGE);
    return 2;
  }
  const env = readEnvOrExit(readEnv);
  const logger = createLogger({ level: 'warn' });
  const networks = await loadNetworks({ tenantsDir: env.TENANTS_DIR, themesDir: env.THEMES_DIR, logger });
  const network = networks.all().find((candidate) => candidate.network.slug === slug);
  if (!network) {
    console.error(`no network "${slug}" in ${env.TENANTS_DIR}`);
    return 1;
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
    const reviewer = options.get('reviewer');
    return await runReviewCommand(
      {
        db: database.db,
        network,
        now: systemClock.now(),
        mailer,
        logger,
        shopPort: env.SHOP_PORT,
        storage: documentStorageOf({
          db: database.db,
          clock: systemClock,
          documentStorage: documentStorageInDataDir(env.DATA_DIR),
        }),
      },
      { input: process.stdin, output: process.stdout },
      options,
      typeof reviewer === 'string' ? reviewer : userInfo().username,
    );
  } finally {
    mailer.close();
    await database.close();
  }
}

process.exitCode = await main();
