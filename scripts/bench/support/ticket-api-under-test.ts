// The ticket API under test: a temporary PostgreSQL database, the service started on it
// (platform/ticket-api/src/main.ts with tsx, its mail written to a temporary outbox), keep-alive
// calls to it over node:http, and the clean-up that stops the service and drops the database
// (with force), on close and on SIGINT or SIGTERM.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loopbackClient, startTsxService, stopProcess, untilHealthy } from './loopback.ts';
import { sleep } from './measure.ts';

/** The PostgreSQL server the temporary database is created on (its database only connects). */
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
// Calls cut short when autocannon ends its run are still running in the service: they end first.
const SETTLE_MS = 1000;

export const JSON_HEADERS = { 'content-type': 'application/json' };

export type Answer = { status: number; body: string };

export type TicketApiUnderTest = {
  port: number;
  /** The temporary database's URL, for a benchmark that runs a service's own code against it. */
  databaseUrl: string;
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
  /** The folder the service writes its mail to, one .eml file per message. */
  outboxDir: string;
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

/**
 * Starts the ticket API on port (127.0.0.1, LOG_LEVEL=warn, no SMTP) on a new database named after
 * the benchmark and this process, and answers once it answers GET /healthz. `env` adds to or
 * overrides the service's environment (the payment provider's URL and secrets, for instance).
 */
export async function startTicketApi(options: {
  name: string;
  port: number;
  env?: Record<string, string>;
}): Promise<TicketApiUnderTest> {
  const { name, port } = options;
  const databaseName = `bench_${name}_${process.pid}`;
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const client = loopbackClient(port);
  let server: ChildProcess | undefined;
  let outboxDir: string | undefined;
  let closing: Promise<void> | undefined;

  const call: TicketApiUnderTest['call'] = async (method, path, body, headers = {}) => {
    const reply = await client.request(
      method,
      path,
      body,
      body === undefined ? headers : { ...JSON_HEADERS, ...headers },
    );
    return { status: reply.status, body: reply.body };
  };

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
        await stopProcess(server);
      }
      client.destroy();
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
    const child = startTsxService(join('platform', 'ticket-api', 'src', 'main.ts'), {
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      OUTBOX_DIR: outboxDir,
      ...options.env,
    });
    server = child;
    await untilHealthy(child, client, 'the ticket API');
    return {
      port,
      databaseUrl: databaseUrl.toString(),
      pid: child.pid ?? 0,
      outboxDir,
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
