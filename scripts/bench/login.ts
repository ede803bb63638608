// Benchmark of signing in as the web app does (identity/signInWithPassword, which checks the
// argon2id hash, then Account/login.json) against the ticket API on a temporary PostgreSQL
// database: the highest sustained rate, the latency at a steady rate of independent arrivals, and
// cheap calls (GET /healthz, identity/lookup) with and without sign-ins running. Prints figures; it
// asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginAnswerSchema } from '@transit-shop/sdk/contract/account';
import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { identitySessionSchema } from '@transit-shop/sdk/contract/identity';
import { canonicalString, SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { networkFileSchema } from '@transit-shop/tenancy';
import pg from 'pg';
import {
  ARGON2_PARAMETERS,
  hashPassword,
  verifyPassword,
} from '../../platform/ticket-api/src/identity/password-hashing.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
// Every phase is a multiple of BENCH_SECONDS (seconds per concurrency level, as for the tenant
// benchmark): the default run takes about a minute and a half.
const STEP_S = Number(process.env.BENCH_SECONDS ?? 5);
const LEVEL_S = STEP_S;
const WARMUP_S = STEP_S / 2;
const OPEN_S = STEP_S * 4;
const PROBE_S = STEP_S * 1.6;
const CONNECTION_LEVELS = [1, 2, 4, 8, 16];
const OPEN_RATE = 20;
const PROBE_RATE = 20;
// Attempts of one email in flight together all count as failures until one succeeds (AUTH-08), and
// more than five lock it: with more accounts than connections, each email signs in once at a time.
const ACCOUNTS = 64;
const PORT = 8193;
const NETWORK_SLUG = 'lumiere';
const PASSWORD = 'Tramway-Line-7!';
const GOAL_P95_MS = 150;
// An arrival sent this long after its scheduled time means the benchmark itself fell behind.
const LATE_MS = 10;

// autocannon ships no types; the part of its API used here.
type SignInContext = { started?: number; idToken?: string };
type CannonRequest = {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest(request: CannonRequest, context: SignInContext): CannonRequest | undefined;
  onResponse(status: number, body: string, context: SignInContext): void;
};
type CannonResult = { non2xx: number; errors: number; timeouts: number };
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: CannonRequest[];
}) => Promise<CannonResult>;

type Account = { email: string; signInBody: string };
type Stats = { count: number; p50: number; p95: number; p99: number; max: number };

const network = networkFileSchema.parse(
  JSON.parse(await readFile(join(root, 'tenants', NETWORK_SLUG, 'network.json'), 'utf8')),
);
// With a timeout, the agent drops an idle connection a second before the server's announced
// keep-alive timeout instead of reusing one the server is closing (ECONNRESET).
const agent = new Agent({ keepAlive: true, timeout: 5000 });
const JSON_HEADERS = { 'content-type': 'application/json' };
const identityAnswer = okEnvelopeSchema(identitySessionSchema);
const loginAnswer = okEnvelopeSchema(loginAnswerSchema);

/**
 * The body of a call signed like the sdk signs it (HMAC-SHA1 of the canonical string with the
 * network's key), with node:crypto because autocannon's setupRequest cannot wait for Web Crypto.
 */
function signedBody(payload: Record<string, unknown>): string {
  const signature = createHmac('sha1', network.signingKey).update(canonicalString(payload)).digest('hex');
  return JSON.stringify({ ...payload, [SIGNATURE_FIELD]: signature });
}

const loginBody = (idToken: string) =>
  signedBody({ firebase_token: idToken, network_id: network.id, locale: 'fr', originType: 'ESHOP' });

function call(
  method: 'GET' | 'POST',
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method,
        agent,
        headers: body ? { ...JSON_HEADERS, ...headers } : headers,
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
}

async function callOk(path: string, body: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await call('POST', path, body, headers);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
  return answer.body;
}

const idTokenOf = (body: string) => identityAnswer.parse(JSON.parse(body)).response.idToken;

/** One sign-in as the web app makes it; answers the time of each of its two calls. */
async function signIn(account: Account): Promise<{ identityMs: number; loginMs: number }> {
  const started = performance.now();
  const idToken = idTokenOf(await callOk('/identity/signInWithPassword', account.signInBody));
  const identityDone = performance.now();
  const answer = loginAnswer.parse(JSON.parse(await callOk('/Account/login.json', loginBody(idToken))));
  if (!answer.response.user) throw new Error('Account/login.json answered no user');
  return { identityMs: identityDone - started, loginMs: performance.now() - identityDone };
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

/**
 * CPU time (user + system, ms) of a process's threads from /proc (Linux): its main thread, which
 * runs the event loop, and all the others (libuv's thread pool, V8's garbage collector).
 */
async function threadCpuMs(pid: number): Promise<{ main: number; others: number }> {
  const times = { main: 0, others: 0 };
  for (const thread of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${thread}/stat`, 'utf8').catch(() => '');
    const fields = stat.split(') ')[1]?.split(' ') ?? [];
    const used = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    if (Number.isFinite(used)) times[thread === String(pid) ? 'main' : 'others'] += used;
  }
  return times;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function firstRow<T>(url: string, text: string): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T | undefined;
  } finally {
    await client.end();
  }
}

async function waitForHealth(child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the ticket API exited with code ${child.exitCode}`);
    try {
      if ((await call('GET', '/healthz')).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the ticket API did not answer /healthz in time');
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Registers the accounts through identity/signUp and signs each in once (its first sign-in sends mail). */
async function registerAccounts(count: number): Promise<{ accounts: Account[]; idToken: string }> {
  const accounts: Account[] = [];
  let idToken = '';
  const register = async (index: number) => {
    const email = `bench.${process.pid}.${index}@example.org`;
    const body = signedBody({
      email,
      password: PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
      networkId: network.id,
      locale: 'fr',
      acceptedTerms: true,
      acceptedPrivacy: true,
    });
    idToken = idTokenOf(await callOk('/identity/signUp', body));
    await callOk('/Account/login.json', loginBody(idToken));
    accounts.push({
      email,
      signInBody: signedBody({ email, password: PASSWORD, networkId: network.id }),
    });
  };
  // Four at a time: as many hashes as libuv's default thread pool runs together.
  for (let first = 0; first < count; first += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, count - first) }, (_, offset) => register(first + offset)),
    );
  }
  return { accounts, idToken };
}

/** Closed loop: each connection signs in, and signs in again as soon as it is answered. */
async function closedLoop(accounts: Account[], connections: number, seconds: number) {
  let next = 0;
  const latencies: number[] = [];
  const failures: string[] = [];
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/identity/signInWithPassword',
        headers: JSON_HEADERS,
        setupRequest: (req, context) => {
          const account = accounts[next++ % accounts.length] as Account;
          context.started = performance.now();
          return { ...req, body: account.signInBody };
        },
        onResponse: (status, body, context) => {
          if (status === 200) context.idToken = idTokenOf(body);
          else failures.push(`identity/signInWithPassword ${status}: ${body}`);
        },
      },
      {
        method: 'POST',
        path: '/Account/login.json',
        headers: JSON_HEADERS,
        // Without an id token, back to the first call.
        setupRequest: (req, context) =>
          context.idToken ? { ...req, body: loginBody(context.idToken) } : undefined,
        onResponse: (status, body, context) => {
          if (status === 200) latencies.push(performance.now() - (context.started ?? 0));
          else failures.push(`Account/login.json ${status}: ${body}`);
        },
      },
    ],
  });
  if (failures.length > 0 || result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `${connections} connections: ${result.non2xx} error answers, ${result.errors} connection errors ` +
        `(${result.timeouts} timeouts); first: ${failures[0] ?? 'none'}`,
    );
  }
  return { perSecond: latencies.length / seconds, latency: stats(latencies) };
}

/**
 * Open loop: arrivals at exponential intervals (a Poisson process) scheduled on the clock whether
 * or not earlier ones are answered. Latency counts from the scheduled time, so the benchmark's own
 * delays are included rather than hidden.
 */
async function openLoop<T>(rate: number, seconds: number, task: (index: number) => Promise<T>) {
  const start = performance.now();
  const end = start + seconds * 1000;
  const latencies: number[] = [];
  const answers: T[] = [];
  const errors: unknown[] = [];
  const pending: Promise<void>[] = [];
  let late = 0;
  let scheduled = start;
  for (let index = 0; ; index += 1) {
    scheduled += (-Math.log(1 - Math.random()) / rate) * 1000;
    if (scheduled >= end) break;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() - scheduled > LATE_MS) late += 1;
    const at = scheduled;
    pending.push(
      task(index).then(
        (answer) => {
          latencies.push(performance.now() - at);
          answers.push(answer);
        },
        (error: unknown) => {
          errors.push(error);
        },
      ),
    );
  }
  await Promise.all(pending);
  return { sent: pending.length, late, errors, latencies, answers };
}

const PROBES = ['GET /healthz', 'identity/lookup'] as const;
type Probe = (typeof PROBES)[number];

/**
 * A cheap call, in turn GET /healthz (one database ping) and identity/lookup, a signed call that
 * checks an id token without hashing: its HMAC and ES256 checks run on the same libuv thread
 * pool as argon2id, through Web Crypto.
 */
async function probe(index: number, lookupBody: string): Promise<Probe> {
  const kind = PROBES[index % PROBES.length] as Probe;
  const answer =
    kind === 'GET /healthz'
      ? await call('GET', '/healthz')
      : await call('POST', '/identity/lookup', lookupBody, { 'x-network-id': String(network.id) });
  if (answer.status !== 200) throw new Error(`${kind} answered ${answer.status}: ${answer.body}`);
  return kind;
}

/** Latency stats of each probe from an open loop's answers and latencies (pushed together). */
function probeStats(run: { answers: Probe[]; latencies: number[] }): Record<Probe, Stats> {
  const of = (kind: Probe) => stats(run.latencies.filter((_, index) => run.answers[index] === kind));
  return { 'GET /healthz': of('GET /healthz'), 'identity/lookup': of('identity/lookup') };
}

const databaseName = `bench_login_${process.pid}`;
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${databaseName}`;
const outboxDir = await mkdtemp(join(tmpdir(), 'bench-login-outbox-'));
let server: ChildProcess | undefined;

async function cleanUp() {
  if (server) {
    // Sign-ins cut short when autocannon ends its run are still running in the service.
    await sleep(1000);
    await stop(server);
  }
  agent.destroy();
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
  await rm(outboxDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

await adminQuery(`create database ${databaseName}`);
try {
  server = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'platform', 'ticket-api', 'src', 'main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl.toString(),
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        OUTBOX_DIR: outboxDir,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForHealth(server, Date.now() + 60_000);

  const algorithm = ['argon2d', 'argon2i', 'argon2id'][ARGON2_PARAMETERS.algorithm] ?? 'unknown';
  const sample = await hashPassword(PASSWORD);
  const verifications: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const started = performance.now();
    await verifyPassword(sample, PASSWORD);
    verifications.push(performance.now() - started);
  }
  const registered = performance.now();
  const { accounts, idToken } = await registerAccounts(ACCOUNTS);
  const lookupBody = signedBody({ idToken });
  const registrationS = (performance.now() - registered) / 1000;
  const stored = await firstRow<{ prefix: string }>(
    databaseUrl.toString(),
    "select split_part(password_hash, '$', 2) || ' ' || split_part(password_hash, '$', 4) as prefix from identity_accounts where password_hash is not null limit 1",
  );

  console.log(
    'sign-in = identity/signInWithPassword then Account/login.json, as the web app does; ticket API on PostgreSQL',
  );
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}); ` +
      // biome-ignore lint/suspicious/noUndeclaredEnvVars: libuv's own setting, inherited by the service
      `libuv thread pool: ${process.env.UV_THREADPOOL_SIZE ?? '4 (the default)'} threads`,
  );
  console.log(
    `password hashing: ${algorithm}, m=${ARGON2_PARAMETERS.memoryCost} KiB, t=${ARGON2_PARAMETERS.timeCost}, ` +
      `p=${ARGON2_PARAMETERS.parallelism} (password-hashing.ts); stored hashes: ${stored?.prefix ?? 'none'}; ` +
      `one verification alone: ${ms(stats(verifications).p50)} (median of 10, in the benchmark process)`,
  );
  console.log(
    `${accounts.length} accounts registered through identity/signUp in ${registrationS.toFixed(1)} s; ` +
      `network ${NETWORK_SLUG} (${network.id}); LOG_LEVEL=warn`,
  );
  console.log('goal: p95 under 150 ms at 20 sign-ins/s');

  console.log(`\n1. closed loop, ${LEVEL_S} s per level (after a ${WARMUP_S} s warm-up)`);
  await closedLoop(accounts, 2, WARMUP_S);
  let best = { connections: 0, perSecond: 0 };
  for (const connections of CONNECTION_LEVELS) {
    const level = await closedLoop(accounts, connections, LEVEL_S);
    console.log(
      `  ${String(connections).padStart(3)} connections: ${level.perSecond.toFixed(1).padStart(6)} sign-ins/s  ` +
        `p50 ${ms(level.latency.p50).padStart(9)}  p95 ${ms(level.latency.p95).padStart(9)}  (${level.latency.count} sign-ins)`,
    );
    if (level.perSecond > best.perSecond) best = { connections, perSecond: level.perSecond };
  }
  console.log(
    `  best sustained: ${best.perSecond.toFixed(1)} sign-ins/s with ${best.connections} connections`,
  );

  console.log(`\n2. open loop: Poisson arrivals at ${OPEN_RATE} sign-ins/s for ${OPEN_S} s`);
  const open = await openLoop(OPEN_RATE, OPEN_S, (index) =>
    signIn(accounts[index % accounts.length] as Account),
  );
  const total = stats(open.latencies);
  const identitySteps = stats(open.answers.map((answer) => answer.identityMs));
  const loginSteps = stats(open.answers.map((answer) => answer.loginMs));
  console.log(
    `  ${open.sent} arrivals (${(open.sent / OPEN_S).toFixed(1)}/s): p50 ${ms(total.p50)}, ` +
      `p95 ${ms(total.p95)}, p99 ${ms(total.p99)}, max ${ms(total.max)}`,
  );
  console.log(
    `  over ${GOAL_P95_MS} ms: ${open.latencies.filter((value) => value > GOAL_P95_MS).length}; ` +
      `sent more than ${LATE_MS} ms after their time: ${open.late}; failed: ${open.errors.length}`,
  );
  console.log(
    `  steps: identity/signInWithPassword p50 ${ms(identitySteps.p50)}, p95 ${ms(identitySteps.p95)}; ` +
      `Account/login.json p50 ${ms(loginSteps.p50)}, p95 ${ms(loginSteps.p95)}`,
  );
  if (open.errors.length > 0) throw new Error('a sign-in failed', { cause: open.errors[0] });

  const loadConnections = best.connections || Math.max(...CONNECTION_LEVELS);
  console.log(
    `\n3. cheap calls in turn, ${PROBE_RATE}/s each (Poisson arrivals), ${PROBE_S} s idle, then ${PROBE_S} s ` +
      `during sign-ins with ${loadConnections} connections`,
  );
  const probeAt = (index: number) => probe(index, lookupBody);
  const idle = await openLoop(PROBE_RATE * PROBES.length, PROBE_S, probeAt);
  const pid = server.pid as number;
  const cpuBefore = await threadCpuMs(pid);
  const ownCpuBefore = process.cpuUsage();
  const loadStarted = performance.now();
  const loadRun = closedLoop(accounts, loadConnections, PROBE_S + 2);
  await sleep(1000);
  const busy = await openLoop(PROBE_RATE * PROBES.length, PROBE_S, probeAt);
  const load = await loadRun;
  const cpuAfter = await threadCpuMs(pid);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const loadS = (performance.now() - loadStarted) / 1000;
  const probeError = idle.errors[0] ?? busy.errors[0];
  if (probeError) throw new Error('a cheap call failed', { cause: probeError });
  const idleStats = probeStats(idle);
  const busyStats = probeStats(busy);
  console.log(
    `  ${''.padEnd(16)}  ${'idle p50 / p95'.padStart(21)}  ${'during p50 / p95'.padStart(21)}  ratio p50 / p95`,
  );
  for (const kind of PROBES) {
    const [quiet, loaded] = [idleStats[kind], busyStats[kind]];
    const pair = (value: Stats) => `${ms(value.p50)} / ${ms(value.p95)}`.padStart(21);
    console.log(
      `  ${kind.padEnd(16)}  ${pair(quiet)}  ${pair(loaded)}  ` +
        `×${(loaded.p50 / quiet.p50).toFixed(1)} / ×${(loaded.p95 / quiet.p95).toFixed(1)}`,
    );
  }
  console.log(
    `  meanwhile ${load.perSecond.toFixed(1)} sign-ins/s; probes sent late: ${busy.late}; ` +
      `one argon2id verification alone takes ${ms(stats(verifications).p50)}`,
  );
  const share = (used: number) => `${((used / 1000 / loadS) * 100).toFixed(0)}% of a core`;
  const perSignIn = (used: number) => ms(used / Math.max(1, load.latency.count));
  const main = cpuAfter.main - cpuBefore.main;
  const others = cpuAfter.others - cpuBefore.others;
  console.log(
    `  service CPU meanwhile: event-loop thread ${share(main)} (${perSignIn(main)} per sign-in), ` +
      `other threads (libuv pool, GC) ${share(others)} (${perSignIn(others)} per sign-in); ` +
      `benchmark process ${share((ownCpu.user + ownCpu.system) / 1000)}`,
  );
} finally {
  await cleanUp();
}
