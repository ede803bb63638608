// Unit and API tests of the ticket API. Every test file runs on a fresh PGlite database; when
// DATABASE_URL names a PostgreSQL server, every file runs a second time on PostgreSQL (project
// "postgres"), in a database of its own created for the file and dropped after it.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Tooling, not the service: the one place outside src/env.ts that looks at the environment.
const postgresUrl = process.env.DATABASE_URL || undefined;

/**
 * Files whose subject does not depend on the database, which run on one of the two when both are
 * there (decision 0042): the property tests of malformed requests answer before any query but the
 * one that checks nothing changed, and take three minutes on PGlite against one on PostgreSQL.
 */
const ONE_DATABASE_IS_ENOUGH = ['src/http/malformed-requests.test.ts'];

/**
 * Files that need a module graph of their own (decision 0042): one replaces argon2 with vi.mock,
 * one compares the PDF thread's bytes with a first PDF drawn here (pdfkit numbers its font subsets
 * per process). They touch no database and run once, isolated; every other file shares its
 * worker's modules with the files before it, which saves importing the service again per file.
 */
const NEEDS_ITS_OWN_MODULES = [
  'src/services/identity/hashing-concurrency.test.ts',
  'src/services/invoices/invoice-pdf-thread.test.ts',
];

const shared = {
  include: ['src/**/*.test.ts'],
  isolate: false,
  setupFiles: ['@transit-shop/service-kit/fail-on-console-error'],
  // A PGlite instance takes a few seconds to start and password hashing is slow by design. The
  // first files of a run also compile the whole service cold, two at once on a shared machine: a
  // test app's start there has taken over a minute, hence the hooks' wide margin.
  testTimeout: 30_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    // Vitest leaves a core to its main process by default, which on two cores runs one file at a
    // time; the files mostly wait on their database, so every core runs one (decision 0042).
    maxWorkers: availableParallelism(),
    projects: [
      // An empty DATABASE_URL counts as unset (env.ts): this project always runs on PGlite.
      {
        test: {
          ...shared,
          name: 'pglite',
          env: { DATABASE_URL: '' },
          exclude: [
            ...configDefaults.exclude,
            ...NEEDS_ITS_OWN_MODULES,
            ...(postgresUrl ? ONE_DATABASE_IS_ENOUGH : []),
          ],
          globalSetup: ['src/test-support/pglite-snapshot.global.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                env: { DATABASE_URL: postgresUrl },
                exclude: [...configDefaults.exclude, ...NEEDS_ITS_OWN_MODULES],
              },
            },
          ]
        : []),
      {
        test: {
          ...shared,
          name: 'own-modules',
          include: NEEDS_ITS_OWN_MODULES,
          isolate: true,
          env: { DATABASE_URL: '' },
        },
      },
    ],
  },
});
