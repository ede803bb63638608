// Benchmark of the tenant service's index route (the page with the network's bootstrap
// inlined) against a bare @hono/node-server hello-world measured in the same run, with the
// demo networks and with 1,000 generated networks. Prints requests per second (medians of
// alternating rounds) and the ratios; it asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

type Server = { process: ChildProcess; port: number };

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

async function measure(port: number, path: string, host: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    headers: { host },
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${host}${path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
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
  const hello = await startServer(join(root, 'scripts', 'bench', 'hello-server.ts'), 8190, {}, '/');
  const shop = await startServer(
    join(root, 'platform', 'tenant-service', 'src', 'main.ts'),
    8191,
    { TENANTS_DIR: tenantsDir },
    '/healthz',
  );
  try {
    // Warm both up, then alternate rounds so machine noise hits both alike.
    await measure(hello.port, '/', host);
    await measure(shop.port, path, host);
    const helloRuns: number[] = [];
    const shopRuns: number[] = [];
    const shopP99: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      helloRuns.push((await measure(hello.port, '/', host)).rps);
      const run = await measure(shop.port, path, host);
      shopRuns.push(run.rps);
      shopP99.push(run.p99);
    }
    const helloRps = median(helloRuns);
    const shopRps = median(shopRuns);
    console.log(
      `${label.padEnd(28)} hello-world ${helloRps.toFixed(0).padStart(7)} req/s | index ${shopRps.toFixed(0).padStart(7)} req/s` +
        ` (p99 ${median(shopP99)} ms) | ratio ${((shopRps / helloRps) * 100).toFixed(1)}%`,
    );
    return shopRps / helloRps;
  } finally {
    await stop(shop);
    await stop(hello);
  }
}

console.log(
  `tenant service index route vs hello-world: ${ROUNDS} rounds of ${DURATION_S}s, ${CONNECTIONS} connections, medians`,
);
const demo = await compare('demo networks (3)', join(root, 'tenants'), 'lumiere.localhost', '/');
const generated = await generateNetworks(1000);
try {
  const many = await compare('1,000 generated networks', generated, 'network-500.localhost', '/');
  console.log(
    `goal: index at least 80% of hello-world; with 1,000 networks ${((many / demo) * 100).toFixed(1)}% of the 3-network figure`,
  );
} finally {
  await rm(generated, { recursive: true, force: true });
}
