// Benchmark of signing in as the web app does (identity/signInWithPassword, which checks the
// argon2id hash, then Account/login.json) against the ticket API on a temporary PostgreSQL
// database: the highest sustained rate, the latency at a steady rate of independent arrivals, and
// cheap calls (GET /healthz, identity/lookup) with and without sign-ins running. Prints figures; it
// asserts nothing.
import {
  ARGON2_PARAMETERS,
  hashPassword,
  verifyPassword,
} from '../../platform/ticket-api/src/services/identity/password-hashing.ts';
import { closedLoop } from './support/autocannon.ts';
import { idTokenOf, logIn, loginBody, PASSWORD, signInBody, signUpAndLogIn } from './support/customers.ts';
import { LATE_MS, machine, ms, openLoop, type Stats, sleep, stats, threadCpuMs } from './support/measure.ts';
import { readDemoNetwork, signedBody } from './support/network.ts';
import { JSON_HEADERS, startTicketApi } from './support/ticket-api-under-test.ts';

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
const GOAL_P95_MS = 50;
/** Cheap calls during a storm: their p95 at most this many times their idle p95. */
const GOAL_CHEAP_RATIO = 3;

type Account = { email: string; signInBody: string };

const network = await readDemoNetwork(NETWORK_SLUG);
const api = await startTicketApi({ name: 'login', port: PORT });

/** One sign-in as the web app makes it; answers the time of each of its two calls. */
async function signIn(account: Account): Promise<{ identityMs: number; loginMs: number }> {
  const started = performance.now();
  const idToken = idTokenOf(await api.callOk('/identity/signInWithPassword', account.signInBody));
  const identityDone = performance.now();
  await logIn(api, network, idToken);
  return { identityMs: identityDone - started, loginMs: performance.now() - identityDone };
}

/** Registers the accounts through identity/signUp and signs each in once (its first sign-in sends mail). */
async function registerAccounts(count: number): Promise<{ accounts: Account[]; idToken: string }> {
  const accounts: Account[] = [];
  let idToken = '';
  const register = async (index: number) => {
    const email = `bench.${process.pid}.${index}@example.org`;
    idToken = (await signUpAndLogIn(api, network, email)).idToken;
    accounts.push({ email, signInBody: signInBody(network, email) });
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
function signInLoop(accounts: Account[], connections: number, seconds: number) {
  let next = 0;
  return closedLoop<{ started?: number; idToken?: string }>(
    PORT,
    connections,
    seconds,
    ({ latencies, failures }) => [
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
          context.idToken ? { ...req, body: loginBody(network, context.idToken) } : undefined,
        onResponse: (status, body, context) => {
          if (status === 200) latencies.push(performance.now() - (context.started ?? 0));
          else failures.push(`Account/login.json ${status}: ${body}`);
        },
      },
    ],
  );
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
      ? await api.call('GET', '/healthz')
      : await api.call('POST', '/identity/lookup', lookupBody, { 'x-network-id': String(network.id) });
  if (answer.status !== 200) throw new Error(`${kind} answered ${answer.status}: ${answer.body}`);
  return kind;
}

/** Latency stats of each probe from an open loop's answers and latencies (pushed together). */
function probeStats(run: { answers: Probe[]; latencies: number[] }): Record<Probe, Stats> {
  const of = (kind: Probe) => stats(run.latencies.filter((_, index) => run.answers[index] === kind));
  return { 'GET /healthz': of('GET /healthz'), 'identity/lookup': of('identity/lookup') };
}

try {
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
  const lookupBody = signedBody(network, { idToken });
  const registrationS = (performance.now() - registered) / 1000;
  const stored = await api.firstRow<{ prefix: string }>(
    "select split_part(password_hash, '$', 2) || ' ' || split_part(password_hash, '$', 4) as prefix from identity_accounts where password_hash is not null limit 1",
  );

  console.log(
    'sign-in = identity/signInWithPassword then Account/login.json, as the web app does; ticket API on PostgreSQL',
  );
  console.log(
    `machine: ${machine()}; ` +
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
  console.log(
    `goals: a sign-in's p95 under ${GOAL_P95_MS} ms at ${OPEN_RATE} sign-ins/s; cheap calls' p95 during a storm within ${GOAL_CHEAP_RATIO}× of idle`,
  );

  console.log(`\n1. closed loop, ${LEVEL_S} s per level (after a ${WARMUP_S} s warm-up)`);
  await signInLoop(accounts, 2, WARMUP_S);
  let best = { connections: 0, perSecond: 0 };
  for (const connections of CONNECTION_LEVELS) {
    const level = await signInLoop(accounts, connections, LEVEL_S);
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
  console.log(
    `  goal p95 under ${GOAL_P95_MS} ms at ${OPEN_RATE}/s: ${total.p95 < GOAL_P95_MS ? 'met' : 'not met'} (p95 ${ms(total.p95)})`,
  );
  if (open.errors.length > 0) throw new Error('a sign-in failed', { cause: open.errors[0] });

  const loadConnections = best.connections || Math.max(...CONNECTION_LEVELS);
  console.log(
    `\n3. cheap calls in turn, ${PROBE_RATE}/s each (Poisson arrivals), ${PROBE_S} s idle, then ${PROBE_S} s ` +
      `during sign-ins with ${loadConnections} connections`,
  );
  const probeAt = (index: number) => probe(index, lookupBody);
  const idle = await openLoop(PROBE_RATE * PROBES.length, PROBE_S, probeAt);
  const cpuBefore = await threadCpuMs(api.pid);
  const ownCpuBefore = process.cpuUsage();
  const loadStarted = performance.now();
  const loadRun = signInLoop(accounts, loadConnections, PROBE_S + 2);
  await sleep(1000);
  const busy = await openLoop(PROBE_RATE * PROBES.length, PROBE_S, probeAt);
  const load = await loadRun;
  const cpuAfter = await threadCpuMs(api.pid);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const loadS = (performance.now() - loadStarted) / 1000;
  const probeError = idle.errors[0] ?? busy.errors[0];
  if (probeError) throw new Error('a cheap call failed', { cause: probeError });
  const idleStats = probeStats(idle);
  const busyStats = probeStats(busy);
  console.log(
    `  ${''.padEnd(16)}  ${'idle p50 / p95'.padStart(21)}  ${'during p50 / p95'.padStart(21)}  ratio p50 / p95`,
  );
  let worstRatio = 0;
  for (const kind of PROBES) {
    const [quiet, loaded] = [idleStats[kind], busyStats[kind]];
    const pair = (value: Stats) => `${ms(value.p50)} / ${ms(value.p95)}`.padStart(21);
    worstRatio = Math.max(worstRatio, loaded.p95 / quiet.p95);
    console.log(
      `  ${kind.padEnd(16)}  ${pair(quiet)}  ${pair(loaded)}  ` +
        `×${(loaded.p50 / quiet.p50).toFixed(1)} / ×${(loaded.p95 / quiet.p95).toFixed(1)}`,
    );
  }
  console.log(
    `  goal p95 within ${GOAL_CHEAP_RATIO}× of idle: ${worstRatio <= GOAL_CHEAP_RATIO ? 'met' : 'not met'} (worst ×${worstRatio.toFixed(1)})`,
  );
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
  await api.close();
}
