// The real ticket API for tests that go through both services over HTTP: platform/ticket-api's
// entry point started with tsx in a process of its own, on a port the system picks, with an
// embedded database and an outbox in a temporary folder and the repository's demo networks; and
// this service in front of it, on the same networks.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { createService } from '../app.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../logger.ts';

/** The repository's root. */
export const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

const START_TIMEOUT_MS = 180_000;

export type TicketApiProcess = {
  /** `http://127.0.0.1:<port>`: where the tenant service forwards /api/* calls. */
  url: string;
  /** The requests it has answered so far, from its request log lines. */
  requests(): { method: string; path: string; status: number }[];
  stop(): Promise<void>;
};

type LogLine = { msg?: string; port?: number; method?: string; path?: string; status?: number };

/** Resolves with the port once the service logs that it listens; rejects if it exits first. */
function listeningPort(
  child: ChildProcess,
  output: string[],
  requests: { method: string; path: string; status: number }[],
): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the ticket API did not start:\n${output.join('\n')}`)),
      START_TIMEOUT_MS,
    );
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      output.push(line);
      if (output.length > 50) output.shift();
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        return; // not a log line
      }
      if (entry.msg === 'request') {
        requests.push({ method: entry.method ?? '', path: entry.path ?? '', status: entry.status ?? 0 });
      } else if (entry.msg?.startsWith('listening') && typeof entry.port === 'number') {
        clearTimeout(timer);
        resolve(entry.port);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ticket API exited with code ${code}:\n${output.join('\n')}`));
    });
  });
}

export async function startTicketApi(): Promise<TicketApiProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'ticket-api-'));
  // The embedded database of its own, whatever DATABASE_URL the tests run with.
  const { DATABASE_URL: _shared, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPOSITORY_ROOT, 'platform', 'ticket-api', 'src', 'main.ts')],
    {
      cwd: REPOSITORY_ROOT,
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'pgdata'),
        OUTBOX_DIR: join(dir, 'outbox'),
        SMTP_URL: '',
        TENANTS_DIR: join(REPOSITORY_ROOT, 'tenants'),
        THEMES_DIR: join(REPOSITORY_ROOT, 'themes'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const requests: { method: string; path: string; status: number }[] = [];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await listeningPort(child, output, requests);
    return { url: `http://127.0.0.1:${port}`, requests: () => [...requests], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The service on the repository's demo networks, forwarding to the ticket API, with the id and
 * request-signing key of the network at `host`.
 */
export async function serviceInFront(ticketApi: TicketApiProcess, webDistDir: string, host: string) {
  const logger = createLogger({ level: 'silent' });
  const env = parseEnv({
    TENANTS_DIR: join(REPOSITORY_ROOT, 'tenants'),
    THEMES_DIR: join(REPOSITORY_ROOT, 'themes'),
    WEB_DIST_DIR: webDistDir,
    TICKET_API_URL: ticketApi.url,
  });
  const store = new TenantStore({ tenantsDir: env.TENANTS_DIR, themesDir: env.THEMES_DIR, logger });
  await store.load();
  const config = store.registry.byHost(host)?.network.config;
  if (!config) throw new Error(`no network at ${host}`);
  return {
    ...createService({ store, env, logger }),
    logger,
    network: { id: config.id, signingKey: config.signingKey },
  };
}
