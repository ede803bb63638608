// The services under test as real processes on loopback: one of the repository's entry points
// started with tsx, waited for until it answers GET /healthz, stopped with SIGTERM; and keep-alive
// calls to it over node:http that answer the status, the headers and the body.
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './measure.ts';

/** The repository's root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const HEALTH_TIMEOUT_MS = 60_000;

export type Reply = { status: number; headers: IncomingHttpHeaders; body: string };

export type LoopbackClient = {
  /** A call on a keep-alive connection to 127.0.0.1:port. */
  request(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  /** Closes the kept connections. */
  destroy(): void;
};

export function loopbackClient(port: number): LoopbackClient {
  // With a timeout, the agent drops an idle connection a second before the server's announced
  // keep-alive timeout instead of reusing one the server is closing (ECONNRESET).
  const agent = new Agent({ keepAlive: true, timeout: 5000 });
  return {
    request: (method, path, body, headers = {}) =>
      new Promise((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method, agent, headers }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
        });
        req.on('error', reject);
        req.end(body);
      }),
    destroy: () => agent.destroy(),
  };
}

/** Where each service writes its CPU profile when it stops (node --cpu-prof), if set. */
// biome-ignore lint/suspicious/noUndeclaredEnvVars: a profiling switch of the benchmarks, run outside turbo
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;

/**
 * Starts `entry` (a path from the repository's root) with tsx in a process of its own, in the
 * benchmark's environment plus `env`; its output goes to the benchmark's. With BENCH_CPU_PROF_DIR
 * set, each service writes a CPU profile there when it stops (node refuses --cpu-prof in NODE_OPTIONS).
 */
export function startTsxService(entry: string, env: Record<string, string>): ChildProcess {
  const profile = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', join(root, entry)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Waits until the service answers GET /healthz with 200; throws if it exits or takes a minute. */
export async function untilHealthy(
  child: ChildProcess,
  client: LoopbackClient,
  label: string,
): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    if (Date.now() >= deadline) throw new Error(`${label} did not answer /healthz in time`);
    const status = await client.request('GET', '/healthz').then(
      (answer) => answer.status,
      () => 0, // not listening yet
    );
    if (status === 200) return;
    await sleep(100);
  }
}

/** SIGTERM, and the process's exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
