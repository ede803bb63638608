// Benchmark of Order/verify.json, the call the cart makes on every change: the ticket API on a
// temporary PostgreSQL database verifying a 5-line Lumière cart with two vouchers, as a visitor and
// as a signed-in customer. An open loop of Poisson arrivals at 200 requests per second for the
// latency, then a closed loop over 1 to 32 connections for the highest sustained rate. Prints
// figures; it asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginAnswerSchema } from '@transit-shop/sdk/contract/account';
import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { identitySessionSchema } from '@transit-shop/sdk/contract/identity';
import { verifyAnswerSchema } from '@transit-shop/sdk/contract/order';
import { canonicalString, SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { networkFileSchema } from '@transit-shop/tenancy';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
// Seconds per concurrency level; the open loops run four times as long. The default run takes
// about a minute and a half.
const STEP_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = STEP_S / 2;
const OPEN_S = STEP_S * 4;
const CONNECTION_LEVELS = [1, 2, 4, 8, 16, 32];
const OPEN_RATE = 200;
const GOAL_P99_MS = 25;
const PORT = 8194;
const NETWORK_SLUG = 'lumiere';
const PASSWORD = 'Tramway-Line-7!';
const VOUCHERS = ['PASSJOUR25', 'BIENVENUE5'];
// An arrival sent this long after its scheduled time means the benchmark itself fell behind.
const LATE_MS = 10;

// autocannon ships no types; the part of its API used here.
type CannonContext = { started?: number };
type CannonRequest = {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
  setupRequest(request: CannonRequest, context: CannonContext): CannonRequest;
  onResponse(status: number, body: string, context: CannonContext): void;
};
type CannonResult = { non2xx: number; errors: number; timeouts: number };
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: CannonRequest[];
}) => Promise<CannonResult>;

type Stats = { count: number; p50: number; p95: number; p99: number; max: number };

const network = networkFileSchema.parse(
  JSON.parse(await readFile(join(root, 'tenants', NETWORK_SLUG, 'network.json'), 'utf8')),
);
const agent = new Agent({ keepAlive: true, timeout: 5000 });
const JSON_HEADERS = { 'content-type': 'application/json', 'x-network-id': String(network.id) };
const verifyAnswer = okEnvelopeSchema(verifyAnswerSchema);

/** Signed like the sdk signs (HMAC-SHA1 of the canonical string with the network's key). */
function signedBody(payload: Record<string, unknown>): string {
  const signature = createHmac('sha1', network.signingKey).update(canonicalString(payload)).digest('hex');
  return JSON.stringify({ ...payload, [SIGNATURE_FIELD]: signature });
}

/** Today's month and the next 15-minute slot, in the network's time zone. */
function startsNow(): { month: string; slot: string } {
  const now = Date.now();
  const slot = new Date(Math.ceil((now + 60_000) / 900_000) * 900_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: network.timeZone, year: 'numeric', month: '2-digit' })
      .formatToParts(new Date(now))
      .map((part) => [part.type, part.value]),
  );
  return { month: `${parts.year}-${parts.month}`, slot: slot.toISOString() };
}

/** The 5-line cart: single tickets, 24-hour passes, a carnet on a card, a monthly pass, a 7-day pass. */
function cart(): Record<string, unknown>[] {
  const { month, slot } = startsNow();
  return [
    { shopItemId: 1101, quantity: 3, support: 'DEMATERIALIZED' },
    { shopItemId: 1103, quantity: 2, support: 'DEMATERIALIZED', startingAt: slot },
    { shopItemId: 1102, quantity: 1, support: 'PHYSICAL' },
    { shopItemId: 2101, quantity: 1, support: 'DEMATERIALIZED', startMonth: month },
    { shopItemId: 1105, quantity: 1, support: 'PHYSICAL', startingAt: slot },
  ];
}

function call(path: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent,
        headers: body === undefined ? {} : JSON_HEADERS,
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

async function callOk(path: string, body: string): Promise<string> {
  const answer = await call(path, body);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
  return answer.body;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

/** CPU time (user + system, ms) of a process's threads from /proc (Linux): the event loop's and the others'. */
async function threadCpuMs(pid: number): Promise<{ main: number; others: number }> {
  const times = { main: 0, others: 0 };
  for (const thread of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
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

async function waitForHealth(child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the ticket API exited with code ${child.exitCode}`);
    try {
      if ((await call('/healthz')).status === 200) return;
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

/** A customer's session: identity/signUp, then Account/login.json as the web app signs in. */
async function signIn(): Promise<{ userToken: string; userId: number }> {
  const signUp = signedBody({
    email: `bench.verify.${process.pid}@example.org`,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    networkId: network.id,
    locale: 'fr',
    acceptedTerms: true,
    acceptedPrivacy: true,
  });
  const { idToken } = okEnvelopeSchema(identitySessionSchema).parse(
    JSON.parse(await callOk('/identity/signUp', signUp)),
  ).response;
  const login = okEnvelopeSchema(loginAnswerSchema).parse(
    JSON.parse(
      await callOk(
        '/Account/login.json',
        signedBody({ firebase_token: idToken, network_id: network.id, locale: 'fr' }),
      ),
    ),
  ).response;
  if (!login.user) throw new Error('Account/login.json answered no user');
  return { userToken: login.user.userToken, userId: login.user.userId };
}

/** Checks one answer is the verified cart: ok, its total the expected one. */
function checker(expectedTotal: number, failures: string[]) {
  return (status: number, body: string) => {
    // The cart's total, not a line's: the member that follows the lines and discounts.
    const total = status === 200 ? /"totalAmount":(\d+),"paymentOptions"/.exec(body)?.[1] : undefined;
    if (Number(total) !== expectedTotal) failures.push(`${status}: ${body.slice(0, 300)}`);
  };
}

/** Closed loop: each connection sends the cart again as soon as it is answered. */
async function closedLoop(body: string, expectedTotal: number, connections: number, seconds: number) {
  const latencies: number[] = [];
  const failures: string[] = [];
  const check = checker(expectedTotal, failures);
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/Order/verify.json',
        headers: JSON_HEADERS,
        body,
        setupRequest: (req, context) => {
          context.started = performance.now();
          return req;
        },
        onResponse: (status, text, context) => {
          latencies.push(performance.now() - (context.started ?? 0));
          check(status, text);
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
async function openLoop(body: string, expectedTotal: number, rate: number, seconds: number) {
  const start = performance.now();
  const end = start + seconds * 1000;
  const latencies: number[] = [];
  const failures: string[] = [];
  const check = checker(expectedTotal, failures);
  const pending: Promise<void>[] = [];
  let late = 0;
  let scheduled = start;
  for (;;) {
    scheduled += (-Math.log(1 - Math.random()) / rate) * 1000;
    if (scheduled >= end) break;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() - scheduled > LATE_MS) late += 1;
    const at = scheduled;
    pending.push(
      call('/Order/verify.json', body).then(
        (answer) => {
          latencies.push(performance.now() - at);
          check(answer.status, answer.body);
        },
        (error: unknown) => {
          failures.push(String(error));
        },
      ),
    );
  }
  await Promise.all(pending);
  return { sent: pending.length, late, failures, latency: stats(latencies) };
}

const databaseName = `bench_verify_${process.pid}`;
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${databaseName}`;
const outboxDir = await mkdtemp(join(tmpdir(), 'bench-verify-outbox-'));
let server: ChildProcess | undefined;

async function cleanUp() {
  if (server) {
    await sleep(500);
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
  const serverPid = server.pid ?? 0;

  const articles = cart();
  const visitorBody = signedBody({ networkId: network.id, articles, vouchers: VOUCHERS });
  const session = await signIn();
  const customerBody = signedBody({ ...session, networkId: network.id, articles, vouchers: VOUCHERS });
  const first = verifyAnswer.parse(JSON.parse(await callOk('/Order/verify.json', visitorBody))).response;
  const applied = first.discounts.filter((discount) => discount.error === null).length;
  const customerTotal = verifyAnswer.parse(JSON.parse(await callOk('/Order/verify.json', customerBody)))
    .response.totalAmount;

  console.log('Order/verify.json on the ticket API, PostgreSQL (temporary database), network lumiere');
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}); ` +
      `cart: ${articles.length} lines (${first.lines.map((line) => `${line.shopItemId}×${line.quantity}`).join(', ')}), ` +
      `vouchers ${VOUCHERS.join(' and ')} (${applied} applied): subtotal ${first.subtotalAmount}, ` +
      `discount ${first.discountAmount}, total ${first.totalAmount} ${first.currency} minor units; ` +
      `body ${visitorBody.length} bytes`,
  );
  console.log(`goal: p99 under ${GOAL_P99_MS} ms at ${OPEN_RATE} requests per second`);
  // Other work on the machine shares its cores with the service, PostgreSQL and this client.
  const load = () => `load average ${loadavg()[0]?.toFixed(1)} over 1 min on ${availableParallelism()} cores`;
  console.log(load());

  for (const [who, body, total] of [
    ['visitor (no session)', visitorBody, first.totalAmount],
    ['signed-in customer (session and per-customer uses read)', customerBody, customerTotal],
  ] as const) {
    console.log(`\n${who}`);
    await closedLoop(body, total, 4, WARMUP_S);
    // The open loop first, after a pause, so that the closed loop's saturation leaves nothing behind.
    await sleep(2000);
    console.log(`  before the open loop: ${load()}`);
    const cpuBefore = await threadCpuMs(serverPid);
    const open = await openLoop(body, total, OPEN_RATE, OPEN_S);
    const cpuAfter = await threadCpuMs(serverPid);
    const cpu = (part: 'main' | 'others') =>
      `${((cpuAfter[part] - cpuBefore[part]) / (OPEN_S * 10)).toFixed(0)} %`;
    console.log(
      `  open loop, ${OPEN_RATE} Poisson arrivals per second for ${OPEN_S} s: ${open.sent} sent, ` +
        `${open.failures.length} failed, ${open.late} sent more than ${LATE_MS} ms late`,
    );
    console.log(
      `    p50 ${ms(open.latency.p50)}, p95 ${ms(open.latency.p95)}, p99 ${ms(open.latency.p99)}, max ${ms(open.latency.max)}; ` +
        `service CPU: event loop ${cpu('main')}, other threads ${cpu('others')}`,
    );
    if (open.failures.length > 0) console.log(`    first failure: ${open.failures[0]}`);
    console.log(`    after it: ${load()}`);
    console.log(
      `    goal p99 under ${GOAL_P99_MS} ms at ${OPEN_RATE} requests per second: ` +
        `${open.latency.p99 < GOAL_P99_MS && open.failures.length === 0 ? 'met' : 'not met'} (p99 ${ms(open.latency.p99)})`,
    );
    console.log('  closed loop (each connection sends the cart again once answered):');
    let best = { connections: 0, perSecond: 0 };
    for (const connections of CONNECTION_LEVELS) {
      const run = await closedLoop(body, total, connections, STEP_S);
      if (run.perSecond > best.perSecond) best = { connections, perSecond: run.perSecond };
      console.log(
        `    ${String(connections).padStart(2)} connections: ${run.perSecond.toFixed(0).padStart(5)} verifications/s, ` +
          `p50 ${ms(run.latency.p50)}, p99 ${ms(run.latency.p99)}`,
      );
    }
    console.log(
      `    highest sustained rate: ${best.perSecond.toFixed(0)} verifications/s (${best.connections} connections)`,
    );
  }
} finally {
  await cleanUp();
}
