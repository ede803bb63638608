// The real ticket API for tests that go through both services over HTTP: platform/ticket-api's
// entry point started with tsx in a process of its own, on a port the system picks, with an
// embedded database and an outbox in a temporary folder and the repository's demo networks; and
// this service in front of it, on the same networks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess } from '@transit-shop/service-kit/service-process';
import { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { createService } from '../app.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../logger.ts';

/** The repository's root. */
export const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export type TicketApiProcess = {
  /** `http://127.0.0.1:<port>`: where the tenant service forwards /api/* calls. */
  url: string;
  /** The requests it has answered so far, from its request log lines. */
  requests(): { method: string; path: string; status: number }[];
  stop(): Promise<void>;
};

export async function startTicketApi(): Promise<TicketApiProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'ticket-api-'));
  // The embedded database of its own, whatever DATABASE_URL the tests run with.
  const { DATABASE_URL: _shared, ...inherited } = process.env;
  const requests: { method: string; path: string; status: number }[] = [];
  try {
    const service = await startServiceProcess({
      name: 'the ticket API',
      entry: join(REPOSITORY_ROOT, 'platform', 'ticket-api', 'src', 'main.ts'),
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
      onLogLine: (line) => {
        if (line.msg !== 'request') return;
        const { method, path, status } = line;
        requests.push({
          method: typeof method === 'string' ? method : '',
          path: typeof path === 'string' ? path : '',
          status: typeof status === 'number' ? status : 0,
        });
      },
    });
    return {
      url: `http://127.0.0.1:${service.port}`,
      requests: () => [...requests],
      stop: async () => {
        await service.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
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
