// The ticket API under test: a temporary PostgreSQL database, the service started on it
// (platform/ticket-api/src/main.ts with tsx, its mail written to a temporary outbox), keep-alive
// calls to it over node:http, and the clean-up that stops the service and drops the database
// (with force), on close and on SIGINT or SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sleep } from './measure.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The PostgreSQL server the temporary database is created on (its database only connects). */
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const HEALTH_TIMEOUT_MS = 60_000;
// Calls cut short when autocannon ends its run are still running in the service: they end first.
const SETTLE_MS = 1000;

export const JSON_HEADERS = { 'content-type': 'application/json' };

export type Answer = { status: number; body: string };

export type TicketApiUnderTest = {
  port: number;
  /** The service's process, for its CPU time. */
  pid: number;
  /** A call on a keep-alive connection; a body is sent as JSON. */
  call(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    headers?: Record<string, string>,
  ): Promise<Answer>;
  /** A POST that must be answered 200; answers the body. */
  callOk(path: string, body: string, headers?: Record<string, string>): Promise<string>;
  /** The first row a query answers on the temporary database. */
  firstRow<T>(text: string): Promise<T | undefined>;
  /** Stops the service, drops the database and removes the outbox; safe to call again. */
  close(): Promise<void>;
};

/** Runs one statement on a connection of its own; answers its first row. */
async function query<T>(url: string, text: string): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T | undefined;
  } finally {
    await client.end();
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts the ticket API on port (127.0.0.1, LOG_LEVEL=warn, no SMTP) on a new database named after
 * the benchmark and this process, and answers once it answers GET /healthz.
 */
export async function startTicketApi(options: { name: string; port: number }): Promise<TicketApiUnderTest> {
  const { name, port } = options;
  const databaseName = `bench_${name}_${process.pid}`;
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${databaseName}`;
  // With a timeout, the agent drops an idle connection a second before the server's announced
  // keep-alive timeout instead of reusing one the server is closing (ECONNRESET).
  const agent = new Agent({ keepAlive: true, timeout: 5000 });
  let server: ChildProcess | undefined;
  let outboxDir: string | undefined;
  let closing: Promise<void> | undefined;

  const call: TicketApiUnderTest['call'] = (method, path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: body === undefined ? headers : { ...JSON_HEADERS, ...headers },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const callOk: TicketApiUnderTest['callOk'] = async (path, body, headers) => {
    const answer = await call('POST', path, body, headers);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
    return answer.body;
  };

  const onSignal = () => {
    void close().finally(() => process.exit(130));
  };
  const close = () => {
    closing ??= (async () => {
      if (server) {
        await sleep(SETTLE_MS);
        await stop(server);
      }
      agent.destroy();
      await query(SERVER_URL, `drop database if exists ${databaseName} with (force)`);
      if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    })();
    return closing;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    outboxDir = await mkdtemp(join(tmpdir(), `bench-${name}-outbox-`));
    await query(SERVER_URL, `create database ${databaseName}`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'platform', 'ticket-api', 'src', 'main.ts')],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          SMTP_URL: '',
          OUTBOX_DIR: outboxDir,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    server = child;
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ticket API exited with code ${child.exitCode}`);
      if (Date.now() >= deadline) throw new Error('the ticket API did not answer /healthz in time');
      const status = await call('GET', '/healthz').then(
        (answer) => answer.status,
        () => 0, // not listening yet
      );
      if (status === 200) break;
      await sleep(100);
    }
    return {
      port,
      pid: child.pid ?? 0,
      call,
      callOk,
      firstRow: (text) => query(databaseUrl.toString(), text),
      close,
    };
  } catch (error) {
    // The first error is the one to report, not one the clean-up runs into after it.
    await close().catch(() => undefined);
    throw error;
  }
}
