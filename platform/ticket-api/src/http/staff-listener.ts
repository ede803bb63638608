// The staff listener of a ticket API on the embedded database (decision 0041): the staff commands
// reach the process that holds the database through it. It listens on loopback on a port the system
// picks, never the public one, and takes a random token; both are in `<DATA_DIR>.staff.json`
// (mode 0600) for as long as it runs.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { ko } from '@transit-shop/sdk/contract/envelope';
import { httpOrigin } from '@transit-shop/service-kit/env';
import { type RunningServer, startServer } from '@transit-shop/service-kit/http-server';
import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { isProcessAlive } from '../db/database.ts';
import { randomToken } from '../security/tokens.ts';
import type { AppDeps } from '../services/app-deps.ts';
import { reviewRoutes } from '../services/documents/review/review-routes.ts';
import { renewalStaffRoutes } from '../services/orders/subscriptions/renewal-staff-routes.ts';
import type { AppEnv } from './app-env.ts';
import { bodyLimit } from './body-limit.ts';
import { createErrorHandler, notFound } from './error-handling.ts';
import { requestContext } from './request-context.ts';

/** Loopback only: the listener is for commands run on this machine. */
export const STAFF_HOST = '127.0.0.1';
// An action is a few hundred bytes; a refusal's reason is at most 500 characters.
const STAFF_BODY_LIMIT = 16 * 1024;

/** What the access file holds: where the listener is, its token, and the process it belongs to. */
export const staffAccessSchema = z.strictObject({
  url: httpOrigin(),
  token: z.string().min(43),
  pid: z.number().int().positive(),
});
export type StaffAccess = z.infer<typeof staffAccessSchema>;

export const staffAccessPath = (dataDir: string) => `${dataDir}.staff.json`;

const refusedToken = { message: ko('TOKEN_INVALID', 'The staff token is missing or wrong') };

export function createStaffApp(deps: AppDeps, token: string, options: { production?: boolean } = {}) {
  const app = new Hono<AppEnv>();
  app.use(requestContext(deps));
  // Hono's bearer check compares digests of the tokens, so the time taken tells nothing of a guess.
  app.use(
    bearerAuth({
      token,
      noAuthenticationHeader: refusedToken,
      invalidAuthenticationHeader: refusedToken,
      invalidToken: refusedToken,
    }),
  );
  app.use(bodyLimit(STAFF_BODY_LIMIT));
  const shaped = createErrorHandler(deps.logger);
  // The bearer check's refusals come as answers of their own (401 with WWW-Authenticate).
  app.onError((error, c) =>
    error instanceof HTTPException && error.res ? error.getResponse() : shaped(error, c),
  );
  app.notFound(notFound);
  app.route('/', reviewRoutes());
  app.route('/', renewalStaffRoutes({ production: options.production ?? false }));
  return app;
}

export type StaffListener = {
  url: string;
  /** The access file, removed on close. */
  accessFile: string;
  close(): Promise<void>;
};

export async function startStaffListener(options: {
  deps: AppDeps;
  dataDir: string;
  closeGraceMs: number;
  /** NODE_ENV=production: renewals are not run ahead of their time. */
  production?: boolean;
}): Promise<StaffListener> {
  const token = randomToken();
  const server: RunningServer = await startServer({
    fetch: createStaffApp(options.deps, token, { production: options.production ?? false }).fetch,
    port: 0,
    hostname: STAFF_HOST,
    closeGraceMs: options.closeGraceMs,
  });
  const url = `http://${STAFF_HOST}:${server.port}`;
  const accessFile = staffAccessPath(options.dataDir);
  const access: StaffAccess = { url, token, pid: process.pid };
  try {
    // Written anew, so a file left by a process that crashed cannot keep wider permissions.
    await rm(accessFile, { force: true });
    await writeFile(accessFile, `${JSON.stringify(access)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    url,
    accessFile,
    close: async () => {
      await rm(accessFile, { force: true });
      await server.close();
    },
  };
}

/**
 * The listener of the ticket API running on this data directory, or null when none runs (no
 * file, or one left by a process that has ended).
 */
export async function readStaffAccess(dataDir: string): Promise<StaffAccess | null> {
  const accessFile = staffAccessPath(dataDir);
  let text: string;
  try {
    text = await readFile(accessFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let access: StaffAccess;
  try {
    access = staffAccessSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(`${accessFile} is not the staff access file of a ticket API: remove it`, {
      cause: error,
    });
  }
  return isProcessAlive(access.pid) ? access : null;
}
