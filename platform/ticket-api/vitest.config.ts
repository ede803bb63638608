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

const shared = {
  include: ['src/**/*.test.ts'],
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
          exclude: postgresUrl
            ? [...configDefaults.exclude, ...ONE_DATABASE_IS_ENOUGH]
            : configDefaults.exclude,
          globalSetup: ['src/test-support/pglite-snapshot.global.ts'],
        },
      },
      ...(postgresUrl ? [{ test: { ...shared, name: 'postgres', env: { DATABASE_URL: postgresUrl } } }] : []),
    ],
  },
});
