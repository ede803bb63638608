// Benchmark of the tenant service's page route (the page with the network's bootstrap inlined)
// against a bare @hono/node-server sending the identical answer (same status, headers and body
// bytes, recorded from the service) in the same run, with the demo networks and with 1,000
// generated networks (decision 0034: at least 90 % of its requests per second, flat). Prints
// requests per second (medians of alternating rounds) and the ratios; it asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autocannon } from './support/autocannon.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
// What every browser sends: the index page is then answered from its brotli copy.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Server = { process: ChildProcess; port: number };
type Run = { rps: number; p99: number; cpuUsPerRequest: number };

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in time`);
}

async function startServer(
  script: string,
  port: number,
  env: Record<string, string>,
  health: string,
): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', WATCH_TENANTS: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}${health}`, Date.now() + 60_000);
  return { process: child, port };
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

async function measure(
  server: Server,
  path: string,
  host: string,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<{ rps: number; p99: number; cpuUsPerRequest: number }> {
  const pid = server.process.pid as number;
  const cpuBefore = await cpuMs(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${path}`,
    headers: { ...headers, host },
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${host}${path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  const cpuUsPerRequest = (((await cpuMs(pid)) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, cpuUsPerRequest };
}

/** Headers the HTTP server writes for itself on every answer, never the application. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The answer as sent, status, headers and body bytes (fetch cannot set the Host header). */
function recordAnswer(
  port: number,
  path: string,
  host: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { ...headers, host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${host}${path}: ${response.statusCode}`));
        resolve({
          status: response.statusCode,
          headers: applicationHeaders(response.headers),
          body: Buffer.concat(chunks),
        });
      });
    }).on('error', reject);
  });
}

function applicationHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !TRANSPORT_HEADERS.has(name))
      kept[name] = Array.isArray(value) ? value.join(', ') : value;
  return kept;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Writes 1,000 networks cloned from a demo network into a temporary tenants folder. */
async function generateNetworks(count: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-tenants-'));
  const source = join(root, 'tenants', 'lumiere');
  const file = JSON.parse(await readFile(join(source, 'network.json'), 'utf8'));
  for (let i = 0; i < count; i += 1) {
    const slug = `network-${i}`;
    await cp(source, join(dir, slug), { recursive: true });
    const network = { ...file, id: 10_000 + i, name: `Network ${i}`, domains: [`${slug}.localhost`] };
    await writeFile(join(dir, slug, 'network.json'), JSON.stringify(network));
  }
  await mkdir(join(dir, '_unused'), { recursive: true });
  return dir;
}

async function compare(label: string, tenantsDir: string, host: string, path: string) {
  const shop = await startServer(
    join(root, 'platform', 'tenant-service', 'src', 'main.ts'),
    8191,
    { TENANTS_DIR: tenantsDir },
    '/healthz',
  );
  const answer = await recordAnswer(shop.port, path, host, BROWSER_HEADERS);
  const answerDir = await mkdtemp(join(tmpdir(), 'bench-answer-'));
  const answerFile = join(answerDir, 'answer.json');
  await writeFile(
    answerFile,
    JSON.stringify({
      status: answer.status,
      headers: answer.headers,
      bodyBase64: answer.body.toString('base64'),
    }),
  );
  const bare = await startServer(
    join(root, 'scripts', 'bench', 'same-answer-server.ts'),
    8192,
    { ANSWER_FILE: answerFile },
    '/',
  );
  try {
    // Warm both servers up, then alternate rounds so machine noise hits them alike.
    await measure(bare, path, host);
    await measure(shop, path, host);
    const runs = { bare: [] as Run[], shop: [] as Run[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.bare.push(await measure(bare, path, host));
      runs.shop.push(await measure(shop, path, host));
    }
    const rps = (list: Run[]) => median(list.map((run) => run.rps));
    const cpu = (list: Run[]) => median(list.map((run) => run.cpuUsPerRequest));
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(
      `${label}: page of ${answer.body.byteLength} bytes (${answer.headers['content-encoding'] ?? 'identity'}) and ${Object.keys(answer.headers).length} headers; p99 ${median(runs.shop.map((run) => run.p99))} ms`,
    );
    for (const [name, list] of [
      ['page route', runs.shop],
      ['bare server, same answer', runs.bare],
    ] as const) {
      console.log(
        `  ${name.padEnd(24)} ${rps(list).toFixed(0).padStart(7)} req/s  ${cpu(list).toFixed(1).padStart(6)} µs CPU/request`,
      );
    }
    console.log(
      `  page route vs the same answer from a bare server: ${percent(rps(runs.shop) / rps(runs.bare))} of the throughput, ` +
        `${percent(cpu(runs.bare) / cpu(runs.shop))} of the server capacity (CPU per request)`,
    );
    return rps(runs.shop);
  } finally {
    for (const server of [shop, bare]) await stop(server);
    await rm(answerDir, { recursive: true, force: true });
  }
}

console.log(
  `tenant service page route vs a bare server sending the same answer: ${ROUNDS} rounds of ${DURATION_S}s, ${CONNECTIONS} connections, medians`,
);
const demo = await compare('3 demo networks', join(root, 'tenants'), 'lumiere.localhost', '/');
const generated = await generateNetworks(1000);
try {
  const many = await compare('1,000 generated networks', generated, 'network-500.localhost', '/');
  console.log(
    `with 1,000 networks the page route serves ${((many / demo) * 100).toFixed(1)}% of the 3-network figure (flat: 100%)`,
  );
  console.log(
    'goal: 90% of the bare server sending the same answer, flat; requests send the Accept-Encoding browsers send; request logs are at LOG_LEVEL=warn during the run',
  );
} finally {
  await rm(generated, { recursive: true, force: true });
}
