// Benchmark of Order/verify.json, the call the cart makes on every change: the ticket API on a
// temporary PostgreSQL database verifying a 5-line Lumière cart with two vouchers, as a visitor and
// as a signed-in customer. An open loop of Poisson arrivals at 200 requests per second for the
// latency, then a closed loop over 1 to 32 connections for the highest sustained rate. Prints
// figures; it asserts nothing.
import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { verifyAnswerSchema } from '@transit-shop/sdk/contract/order';
import { closedLoop } from './support/autocannon.ts';
import { signUpAndLogIn } from './support/customers.ts';
import { LATE_MS, loadLine, machine, ms, openLoop, sleep, stats, threadCpuMs } from './support/measure.ts';
import { readDemoNetwork, signedBody, startsNow } from './support/network.ts';
import { JSON_HEADERS, startTicketApi } from './support/ticket-api-under-test.ts';

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
const VOUCHERS = ['PASSJOUR25', 'BIENVENUE5'];

const network = await readDemoNetwork(NETWORK_SLUG);
const NETWORK_HEADERS = { 'x-network-id': String(network.id) };
const verifyAnswer = okEnvelopeSchema(verifyAnswerSchema);
const api = await startTicketApi({ name: 'verify', port: PORT });

/** The 5-line cart: single tickets, 24-hour passes, a carnet on a card, a monthly pass, a 7-day pass. */
function cart(): Record<string, unknown>[] {
  const { month, slot } = startsNow(network);
  return [
    { shopItemId: 1101, quantity: 3, support: 'DEMATERIALIZED' },
    { shopItemId: 1103, quantity: 2, support: 'DEMATERIALIZED', ...slot },
    { shopItemId: 1102, quantity: 1, support: 'PHYSICAL' },
    { shopItemId: 2101, quantity: 1, support: 'DEMATERIALIZED', startMonth: month },
    { shopItemId: 1105, quantity: 1, support: 'PHYSICAL', ...slot },
  ];
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
function verifyLoop(body: string, expectedTotal: number, connections: number, seconds: number) {
  return closedLoop<{ started?: number }>(PORT, connections, seconds, ({ latencies, failures }) => {
    const check = checker(expectedTotal, failures);
    return [
      {
        method: 'POST',
        path: '/Order/verify.json',
        headers: { ...JSON_HEADERS, ...NETWORK_HEADERS },
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
    ];
  });
}

/** Open loop of Poisson arrivals sending the cart; every answer is checked. */
async function verifyOpenLoop(body: string, expectedTotal: number, rate: number, seconds: number) {
  const run = await openLoop(rate, seconds, () =>
    api.call('POST', '/Order/verify.json', body, NETWORK_HEADERS),
  );
  const failures: string[] = [];
  const check = checker(expectedTotal, failures);
  for (const answer of run.answers) check(answer.status, answer.body);
  failures.push(...run.errors.map(String));
  return { sent: run.sent, late: run.late, failures, latency: stats(run.latencies) };
}

try {
  const articles = cart();
  const visitorBody = signedBody(network, { networkId: network.id, articles, vouchers: VOUCHERS });
  const { customer } = await signUpAndLogIn(api, network, `bench.verify.${process.pid}@example.org`);
  const session = { userToken: customer.userToken, userId: customer.userId };
  const customerBody = signedBody(network, {
    ...session,
    networkId: network.id,
    articles,
    vouchers: VOUCHERS,
  });
  const first = verifyAnswer.parse(
    JSON.parse(await api.callOk('/Order/verify.json', visitorBody, NETWORK_HEADERS)),
  ).response;
  const applied = first.discounts.filter((discount) => discount.error === null).length;
  const customerTotal = verifyAnswer.parse(
    JSON.parse(await api.callOk('/Order/verify.json', customerBody, NETWORK_HEADERS)),
  ).response.totalAmount;

  console.log('Order/verify.json on the ticket API, PostgreSQL (temporary database), network lumiere');
  console.log(
    `machine: ${machine()}; ` +
      `cart: ${articles.length} lines (${first.lines.map((line) => `${line.shopItemId}×${line.quantity}`).join(', ')}), ` +
      `vouchers ${VOUCHERS.join(' and ')} (${applied} applied): subtotal ${first.subtotalAmount}, ` +
      `discount ${first.discountAmount}, total ${first.totalAmount} ${first.currency} minor units; ` +
      `body ${visitorBody.length} bytes`,
  );
  console.log(`goal: p99 under ${GOAL_P99_MS} ms at ${OPEN_RATE} requests per second`);
  console.log(loadLine());

  for (const [who, body, total] of [
    ['visitor (no session)', visitorBody, first.totalAmount],
    ['signed-in customer (session and per-customer uses read)', customerBody, customerTotal],
  ] as const) {
    console.log(`\n${who}`);
    await verifyLoop(body, total, 4, WARMUP_S);
    // The open loop first, after a pause, so that the closed loop's saturation leaves nothing behind.
    await sleep(2000);
    console.log(`  before the open loop: ${loadLine()}`);
    const cpuBefore = await threadCpuMs(api.pid);
    const open = await verifyOpenLoop(body, total, OPEN_RATE, OPEN_S);
    const cpuAfter = await threadCpuMs(api.pid);
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
    console.log(`    after it: ${loadLine()}`);
    console.log(
      `    goal p99 under ${GOAL_P99_MS} ms at ${OPEN_RATE} requests per second: ` +
        `${open.latency.p99 < GOAL_P99_MS && open.failures.length === 0 ? 'met' : 'not met'} (p99 ${ms(open.latency.p99)})`,
    );
    console.log('  closed loop (each connection sends the cart again once answered):');
    let best = { connections: 0, perSecond: 0 };
    for (const connections of CONNECTION_LEVELS) {
      const run = await verifyLoop(body, total, connections, STEP_S);
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
  await api.close();
}
