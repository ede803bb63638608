// Benchmark of tickets (decision 0030). Prints figures; it asserts no time, and exits non-zero only
// when an answer was wrong.
//
// (a) Offline verification: verifyTicketCode, as an inspector's device runs it, on a ticket bound
//     to a device with a fresh device proof (two ES256 signatures checked per code), one code at a
//     time for BENCH_SECONDS, in five runs: the median verifications per second of wall time and
//     per CPU second (the machine's other work shares its cores). Goal: at least 5,000 per second.
//     `npm run bench:tickets -- --offline-only` runs this part alone.
// (b) Online: the ticket API on a temporary PostgreSQL database (DATABASE_URL's server) and the
//     payment sandbox, started as bench:checkout starts them. A customer signs up and completes an
//     order of the ten-journey carnet (1102) on the phone; wallet/tickets with a device key binds
//     the ticket and answers its token; Ticket/punchTicket.json activates a journey; the code is
//     the activated ticket's token and a device proof made for each 10 s. Then autocannon at an
//     overall rate of 200 requests per second for 4 × BENCH_SECONDS: Vignette/decode of the code,
//     then wallet/tickets of the customer; p50, p99, max and the service's CPU. Every answer is
//     checked against the sdk's contract (contract/wallet.ts). Without those calls (404), it says
//     so and exits 1.
// (c) Issuing's cost on complete orders, measured in turns as decision 0028 measured checkout: a
//     baseline worktree at the commit before issuing (`git worktree add ../wt-baseline <commit>`,
//     then `npm ci` there); on the same machine, alternately from each tree, three turns of
//       BENCH_LEVELS=8,32 BENCH_SECONDS=8 npm run bench:checkout
//     comparing the median complete orders per second at 32 customers and the ticket API's CPU per
//     order (its "ms/order"). Its cart (a single ticket and a 24-hour pass, on the phone) issues two
//     contracts per order; its count at the end shows lost or duplicated orders in either tree.
import { randomBytes, randomUUID } from 'node:crypto';
import { placeOrderCall } from '@transit-shop/sdk/contract/checkout';
import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { punchTicketCall, vignetteDecodeCall, walletTicketsCall } from '@transit-shop/sdk/contract/wallet';
import {
  type EcPublicJwk,
  signDeviceProof,
  signTicketToken,
  type TicketClaims,
  type TicketKeySet,
  ticketCode,
  verifyTicketCode,
} from '@transit-shop/sdk/tickets/ticket-token';
import { exportJWK, generateKeyPair } from 'jose';
import { autocannon, type CannonOptions, type CannonResult } from './support/autocannon.ts';
import { type Customer, signUpAndLogIn } from './support/customers.ts';
import { LATE_MS, loadLine, machine, ms, openLoop, sleep, stats, threadCpuMs } from './support/measure.ts';
import { readDemoNetwork, signedBody, signedQuery } from './support/network.ts';
import { startPaymentSandbox } from './support/payment-sandbox-under-test.ts';
import { JSON_HEADERS, startTicketApi } from './support/ticket-api-under-test.ts';

const RUN_S = Number(process.env.BENCH_SECONDS ?? 5);
/** Offline runs; their median is the figure. */
const RUNS = 5;
const OPEN_S = RUN_S * 4;
const WARMUP_S = RUN_S;
const OFFLINE_GOAL_PER_SECOND = 5000;
// biome-ignore lint/suspicious/noUndeclaredEnvVars: a switch of the benchmarks, run outside turbo
const OPEN_RATE = Number(process.env.BENCH_RATE ?? 200);
const GOAL_P99_MS = 25;
const SEQUENTIAL_CALLS = 50;
const API_PORT = 8197;
const SANDBOX_PORT = 8198;
const NETWORK_SLUG = 'lumiere';
/** The ten-journey carnet: one ticket of ten journeys (product 5101 × 10). */
const CARNET = { shopItemId: 1102, quantity: 1, support: 'DEMATERIALIZED' };
const CARD_NUMBER = '4242 4242 4242 4242';
const RETURN_PATH = '/cart/checkout';
/** A device proof is made again this often (the wallet's rhythm). */
const PROOF_EVERY_S = 10;
const OFFLINE_ONLY = process.argv.includes('--offline-only');
const ONLINE_ONLY = process.argv.includes('--online-only');

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

async function publicJwkOf(pair: KeyPair): Promise<EcPublicJwk> {
  const { x, y } = await exportJWK(pair.publicKey);
  if (!x || !y) throw new Error('not an EC public key');
  return { kty: 'EC', crv: 'P-256', x, y };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

// ---------------------------------------------------------------------------------------------
// (a) Offline

/** A pass bound to a device, signed by a network key, shown with the device's proof at `now`. */
async function offlineCode() {
  const now = new Date();
  const network = await generateKeyPair('ES256');
  const device = await generateKeyPair('ES256');
  const keys: TicketKeySet = { keys: [{ kid: 'bench-1', ...(await publicJwkOf(network)) }] };
  const seconds = Math.floor(now.getTime() / 1000);
  const claims: TicketClaims = {
    net: 101,
    tid: randomBytes(16).toString('base64url'),
    pid: 5201,
    trv: 'Ada Lovelace',
    from: seconds - 3600,
    to: seconds + 30 * 86_400,
    until: null,
    jrn: null,
    gen: 0,
    iat: seconds,
    cnf: { jwk: await publicJwkOf(device) },
  };
  const token = await signTicketToken(claims, { kid: 'bench-1', privateKey: network.privateKey });
  const code = ticketCode(token, await signDeviceProof(claims.tid, device.privateKey, now));
  return { code, keys, now };
}

/** Verifications of the code, one at a time, for `seconds`: per second of wall time and per CPU second. */
async function verificationRun(
  fixture: Awaited<ReturnType<typeof offlineCode>>,
  seconds: number,
): Promise<{ perSecond: number; perCpuSecond: number }> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const end = started + seconds * 1000;
  let count = 0;
  while (performance.now() < end) {
    const verdict = await verifyTicketCode(fixture.code, { keys: fixture.keys, now: fixture.now });
    if (!verdict.valid) throw new Error(`the benchmark's code was refused: ${verdict.reason}`);
    count += 1;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    perSecond: count / ((performance.now() - started) / 1000),
    perCpuSecond: count / ((cpu.user + cpu.system) / 1e6),
  };
}

async function offline() {
  const fixture = await offlineCode();
  console.log('tickets (a): offline verification of a device-bound code with verifyTicketCode (sdk)');
  console.log(
    `machine: ${machine()}; code ${fixture.code.length} characters (ticket and device proof, ES256); ` +
      `one verification at a time; ${RUNS} runs of ${RUN_S} s after a 1 s warm-up`,
  );
  console.log(loadLine());
  await verificationRun(fixture, 1);
  const runs: { perSecond: number; perCpuSecond: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await verificationRun(fixture, RUN_S));
  const perSecond = median(runs.map((run) => run.perSecond));
  const perCpuSecond = median(runs.map((run) => run.perCpuSecond));
  console.log(`  runs: ${runs.map((run) => run.perSecond.toFixed(0)).join(', ')} verifications/s`);
  console.log(
    `  median ${perSecond.toFixed(0)} verifications/s (${(1e6 / perSecond).toFixed(0)} µs each); ` +
      `per CPU second of this process (what a core of its own would do): median ${perCpuSecond.toFixed(0)} ` +
      `(${(1e6 / perCpuSecond).toFixed(0)} µs of CPU each)`,
  );
  console.log(
    `goal: at least ${OFFLINE_GOAL_PER_SECOND} verifications per second: ` +
      `${perSecond >= OFFLINE_GOAL_PER_SECOND ? 'met' : 'not met'} (median ${perSecond.toFixed(0)}/s); ` +
      `per CPU second ${perCpuSecond >= OFFLINE_GOAL_PER_SECOND ? 'met' : 'not met'} (${perCpuSecond.toFixed(0)})`,
  );
  console.log(loadLine());
}

// ---------------------------------------------------------------------------------------------
// (b) Online

/** autocannon's options this part adds: a fixed overall rate (requests per second). */
type RatedCannon = <Context>(
  options: CannonOptions<Context> & { overallRate: number },
) => Promise<CannonResult>;
const ratedCannon = autocannon as unknown as RatedCannon;

/** A wrong answer: the call, its status and the start of its body. */
const wrong = (call: string, status: number, body: string, why = '') =>
  new Error(`${call}${why ? ` (${why})` : ''}: ${status} ${body.slice(0, 300)}`);

async function online(): Promise<number> {
  const network = await readDemoNetwork(NETWORK_SLUG);
  const headers = { 'x-network-id': String(network.id) };
  const secrets = {
    apiKey: `bench-${randomBytes(16).toString('hex')}`,
    webhookSecret: `bench-${randomBytes(16).toString('hex')}`,
  };
  const sandbox = await startPaymentSandbox({ port: SANDBOX_PORT, secrets });
  const api = await startTicketApi({
    name: 'tickets',
    port: API_PORT,
    env: {
      PAYMENT_SANDBOX_URL: sandbox.url,
      PAYMENT_SANDBOX_API_KEY: secrets.apiKey,
      PAYMENT_SANDBOX_WEBHOOK_SECRET: secrets.webhookSecret,
      TICKET_API_PUBLIC_URL: `http://127.0.0.1:${API_PORT}`,
    },
  }).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  const placed = okEnvelopeSchema(placeOrderCall.response);
  const ticketsAnswer = okEnvelopeSchema(walletTicketsCall.response);
  const decodeAnswer = okEnvelopeSchema(vignetteDecodeCall.response);
  const punchedAnswer = okEnvelopeSchema(punchTicketCall.response);
  let wrongAnswers = 0;

  /** An order of the carnet, paid on the sandbox's page; answers its id once it is COMPLETED. */
  async function buyCarnet(customer: Pick<Customer, 'userId' | 'userToken'>): Promise<number> {
    const body = signedBody(network, {
      ...customer,
      networkId: network.id,
      articles: [CARNET],
      vouchers: [],
      orderKey: randomUUID(),
      paymentMethod: 'CARD',
      installments: 1,
      returnUrl: RETURN_PATH,
      confirmRepeat: true,
    });
    const answer = await api.call('POST', '/Order/placeOrder.json', body, headers);
    const order = answer.status === 200 ? placed.safeParse(JSON.parse(answer.body)) : null;
    if (!order?.success || !order.data.response.redirectUrl)
      throw wrong('Order/placeOrder.json', answer.status, answer.body);
    const pagePath = new URL(order.data.response.redirectUrl).pathname;
    const page = await sandbox.client.request('GET', pagePath);
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
    if (page.status !== 200 || !token) throw wrong(`GET ${pagePath}`, page.status, page.body, 'no card form');
    const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
    const form = new URLSearchParams({
      token,
      holder: 'Ada Lovelace',
      number: CARD_NUMBER,
      expiry,
      cvc: '123',
      action: 'pay',
    });
    const paid = await sandbox.client.request('POST', pagePath, form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    if (paid.status !== 303) throw wrong(`POST ${pagePath}`, paid.status, paid.body);
    return order.data.response.orderId;
  }

  try {
    const { customer } = await signUpAndLogIn(api, network, `bench.tickets.${process.pid}@example.org`);
    const session = { userId: customer.userId, userToken: customer.userToken };
    const orderId = await buyCarnet(session);
    const device = await generateKeyPair('ES256');
    const deviceKey = await publicJwkOf(device);
    const ticketsPath = `/${walletTicketsCall.path}${signedQuery(network, {
      ...session,
      networkId: network.id,
      deviceKey,
    })}`;
    // The notification completes the order as the page answers; a retry may complete it later.
    let ticket: ReturnType<typeof ticketsAnswer.parse>['response']['tickets'][number] | undefined;
    for (let tries = 0; !ticket && tries < 40; tries += 1) {
      const answer = await api.call('GET', ticketsPath, undefined, headers);
      if (answer.status === 404) {
        console.log(
          `\ntickets (b): this ticket API has no ${walletTicketsCall.path} yet (404): the online part is unrun`,
        );
        return 1;
      }
      const parsed = answer.status === 200 ? ticketsAnswer.safeParse(JSON.parse(answer.body)) : null;
      if (!parsed?.success)
        throw wrong(walletTicketsCall.path, answer.status, answer.body, 'not the contract’s answer');
      ticket = parsed.data.response.tickets.find(
        (found) => found.orderId === orderId && found.token !== null,
      );
      if (!ticket) await sleep(250);
    }
    if (!ticket?.token)
      throw new Error(`order ${orderId}: no ticket with a token in ${walletTicketsCall.path}`);
    // A journey activated, as at the gate: the code then carries its 60-minute window.
    const punchBody = signedBody(network, {
      ...session,
      networkId: network.id,
      ticketId: ticket.id,
      activationId: randomUUID(),
      deviceKey,
    });
    const punch = await api.call('POST', `/${punchTicketCall.path}`, punchBody, headers);
    const punched = punch.status === 200 ? punchedAnswer.safeParse(JSON.parse(punch.body)) : null;
    if (!punched?.success)
      throw wrong(punchTicketCall.path, punch.status, punch.body, 'not the contract’s answer');
    const afterPunch = await api.call('GET', ticketsPath, undefined, headers);
    const activated =
      afterPunch.status === 200
        ? ticketsAnswer
            .safeParse(JSON.parse(afterPunch.body))
            .data?.response.tickets.find((found) => found.id === ticket?.id)
        : undefined;
    if (!activated?.token || activated.validFrom === null)
      throw wrong(
        walletTicketsCall.path,
        afterPunch.status,
        afterPunch.body,
        'the activated ticket has no window',
      );
    const token = activated.token;

    // A proof for each 10 s of the runs to come, made ahead: autocannon's setupRequest cannot wait.
    const firstSlot = Math.floor(Date.now() / 1000 / PROOF_EVERY_S);
    const slots = Math.ceil((OPEN_S * 2 + 60) / PROOF_EVERY_S) + 1;
    const decodeBodies = await Promise.all(
      Array.from({ length: slots }, async (_, index) => {
        const at = new Date((firstSlot + index) * PROOF_EVERY_S * 1000);
        const code = ticketCode(token, await signDeviceProof(ticket.publicId, device.privateKey, at));
        return signedBody(network, { networkId: network.id, encodedPayload: code });
      }),
    );
    const decodeBody = () =>
      decodeBodies[Math.floor(Date.now() / 1000 / PROOF_EVERY_S) - firstSlot] ?? decodeBodies.at(-1) ?? '';

    console.log(
      '\ntickets (b): Vignette/decode and wallet/tickets on the ticket API, PostgreSQL (temporary database), network lumiere',
    );
    console.log(
      `machine: ${machine()}; order ${orderId} of the carnet (1102, ${ticket.journeysTotal ?? '?'} journeys) ` +
        `completed; code ${decodeBody().length} bytes of body; goal: p99 under ${GOAL_P99_MS} ms at ${OPEN_RATE} requests per second`,
    );

    const runs = [
      {
        name: 'Vignette/decode (the online check of a device-bound code)',
        method: 'POST' as const,
        path: `/${vignetteDecodeCall.path}`,
        body: decodeBody,
        check: (status: number, text: string) => {
          const parsed = status === 200 ? decodeAnswer.safeParse(JSON.parse(text)) : null;
          if (!parsed?.success) return 'not the contract’s answer';
          return parsed.data.response.valid ? null : `refused: ${parsed.data.response.reason}`;
        },
      },
      {
        name: 'wallet/tickets (the customer’s tickets with their tokens)',
        method: 'GET' as const,
        path: ticketsPath,
        body: () => undefined,
        check: (status: number, text: string) => {
          const parsed = status === 200 ? ticketsAnswer.safeParse(JSON.parse(text)) : null;
          if (!parsed?.success) return 'not the contract’s answer';
          return parsed.data.response.tickets.some((found) => found.token) ? null : 'no token';
        },
      },
    ];
    for (const run of runs) {
      const failures: string[] = [];
      await sleep(1000);
      console.log(`\n${run.name}`);
      console.log(`  before: ${loadLine()}`);
      // One call at a time first: the floor of the service's answer, without any queue.
      const alone: number[] = [];
      for (let index = 0; index < SEQUENTIAL_CALLS; index += 1) {
        const started = performance.now();
        const answer = await api.call(run.method, run.path, run.body(), headers);
        alone.push(performance.now() - started);
        const why = run.check(answer.status, answer.body);
        if (why) failures.push(`${answer.status} ${why}: ${answer.body.slice(0, 200)}`);
      }
      const floor = stats(alone);
      console.log(
        `  one at a time, ${floor.count} calls: p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)}, max ${ms(floor.max)}`,
      );
      // The goal's measure: independent arrivals (Poisson) at the rate, each answer's time from its
      // arrival, over keep-alive connections opened as needed; after a warm-up at the same rate (as
      // bench:login's), which the compiler and the connections need and which is not counted.
      const call = async () => {
        const answer = await api.call(run.method, run.path, run.body(), headers);
        const why = run.check(answer.status, answer.body);
        if (why) failures.push(`${answer.status} ${why}: ${answer.body.slice(0, 200)}`);
      };
      await openLoop(OPEN_RATE, WARMUP_S, call);
      const cpuBefore = await threadCpuMs(api.pid);
      const open = await openLoop(OPEN_RATE, OPEN_S, call);
      const cpuAfter = await threadCpuMs(api.pid);
      const latency = stats(open.latencies);
      const cpu = (part: 'main' | 'others') =>
        `${((cpuAfter[part] - cpuBefore[part]) / (OPEN_S * 10)).toFixed(0)} %`;
      console.log(
        `  open loop, Poisson arrivals at ${OPEN_RATE}/s for ${OPEN_S} s: ${latency.count} answered ` +
          `(${(latency.count / OPEN_S).toFixed(0)}/s) after ${WARMUP_S} s of warm-up, ${open.errors.length + failures.length} failed; ` +
          `sent more than ${LATE_MS} ms after their time: ${open.late}`,
      );
      console.log(
        `    p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}; ` +
          `service CPU: event loop ${cpu('main')}, other threads ${cpu('others')}`,
      );
      // autocannon's rate, for comparison with earlier figures: each of its 16 connections sends its
      // share of every second at the second's start, so the service meets bursts of 16 at once.
      await sleep(1000);
      const burstLatencies: number[] = [];
      const result = await ratedCannon<{ started?: number }>({
        url: `http://127.0.0.1:${API_PORT}`,
        connections: 16,
        duration: OPEN_S,
        overallRate: OPEN_RATE,
        requests: [
          {
            method: run.method,
            path: run.path,
            headers: { ...JSON_HEADERS, ...headers },
            setupRequest: (request, context) => {
              context.started = performance.now();
              const body = run.body();
              return body === undefined ? request : { ...request, body };
            },
            onResponse: (status, text, context) => {
              burstLatencies.push(performance.now() - (context.started ?? 0));
              const why = run.check(status, text);
              if (why) failures.push(`${status} ${why}: ${text.slice(0, 200)}`);
            },
          },
        ],
      });
      const bursts = stats(burstLatencies);
      console.log(
        `  autocannon, overall rate ${OPEN_RATE}/s in bursts of 16 connections: ${bursts.count} answered, ` +
          `p50 ${ms(bursts.p50)}, p99 ${ms(bursts.p99)} (${result.timeouts} timeouts)`,
      );
      const failed = failures.length + open.errors.length + result.errors;
      wrongAnswers += failed;
      if (failures.length > 0) console.log(`    first failure: ${failures[0]}`);
      console.log(
        `    goal p99 under ${GOAL_P99_MS} ms at ${OPEN_RATE} requests per second (open loop): ` +
          `${latency.p99 < GOAL_P99_MS && failed === 0 ? 'met' : 'not met'} (p99 ${ms(latency.p99)})`,
      );
    }
    console.log(loadLine());
  } finally {
    await api.close();
    await sandbox.close();
  }
  if (wrongAnswers > 0) console.error(`${wrongAnswers} wrong answers: see above`);
  return wrongAnswers > 0 ? 1 : 0;
}

if (!ONLINE_ONLY) await offline();
if (OFFLINE_ONLY)
  console.log('\n--offline-only: the online part (Vignette/decode, wallet/tickets) is not run');
else process.exitCode = await online();
