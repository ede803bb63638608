// Benchmark of complete orders as signed-in customers make them: Order/verify.json on a two-line
// Lumière cart, Order/placeOrder.json with a fresh order key (sent twice at once, as a double
// click, for one order in ten), then the payment sandbox's hosted page: GET /pay/:id for the form
// token, and the card form posted with 4242 4242 4242 4242, which notifies the ticket API before
// the 303 back to the shop. The ticket API on a temporary PostgreSQL database and the sandbox run
// as processes of their own on loopback. A closed loop over 1 to 32 concurrent customers, each
// level against verify-only calls at the same concurrency as a baseline; then the orders counted
// in the database against what the customers saw: lost and duplicated orders, and the confirmation
// emails (with the invoice PDF) the ticket API's jobs sent for them. Prints figures; it
// asserts nothing, and exits non-zero only when an answer was wrong.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { orderHistoryCall } from '@transit-shop/sdk/contract/checkout';
import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { signUpAndLogIn } from './support/customers.ts';
import {
  closedLoopOfTasks,
  loadLine,
  machine,
  ms,
  sleep,
  stats,
  threadCpuMs,
  trackProcessesCpu,
} from './support/measure.ts';
import { nextSlot, readDemoNetwork, signedQuery } from './support/network.ts';
import { startPaymentSandbox } from './support/payment-sandbox-under-test.ts';
import {
  CARD_NUMBER,
  hostedPagePath,
  networkHeaders,
  openHostedPage,
  payWithCard,
  placedOrder,
  placeOrderBody,
  type Shopper,
  verifyCart,
  wrong,
} from './support/shop-checkout.ts';
import { type Answer, startTicketApi } from './support/ticket-api-under-test.ts';

// Seconds per concurrency level, for the orders and again for the baseline: the default run takes
// about a minute and a half, with the customers' sign-ups.
const STEP_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = STEP_S / 2;
// BENCH_LEVELS (comma-separated customers, e.g. "32") and BENCH_BASELINE=0 narrow a run for profiling.
const CONCURRENCY_LEVELS = (process.env.BENCH_LEVELS ?? '1,2,4,8,16,32').split(',').map(Number);
const WITH_BASELINE = process.env.BENCH_BASELINE !== '0';
const CUSTOMERS = Math.max(...CONCURRENCY_LEVELS);
/** One order in this many is placed twice at once, as a double click. */
const DOUBLE_CLICK_EVERY = 10;
const GOAL_PER_SECOND = 100;
const API_PORT = 8195;
const SANDBOX_PORT = 8196;
const NETWORK_SLUG = 'lumiere';
const RETURN_PATH = '/cart/checkout';
/** How long the count waits for the notifications the sandbox retries after a 303. */
const SETTLE_LIMIT_MS = 20_000;
/** How long the count waits for the confirmation emails the ticket API's jobs send after the answer. */
const CONFIRMATIONS_LIMIT_MS = 120_000;
/** Failures quoted per run; all are counted. */
const QUOTED_FAILURES = 3;

const network = await readDemoNetwork(NETWORK_SLUG);
const NETWORK_HEADERS = networkHeaders(network);
const historyAnswer = okEnvelopeSchema(orderHistoryCall.response);
// Secrets of this run only, shared by both services (decision 0018).
const secrets = {
  apiKey: `bench-${randomBytes(16).toString('hex')}`,
  webhookSecret: `bench-${randomBytes(16).toString('hex')}`,
};
const sandbox = await startPaymentSandbox({ port: SANDBOX_PORT, secrets });
const api = await startTicketApi({
  name: 'checkout',
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

/** PostgreSQL's server and backends, followed from now on (idle connections close and their backends exit). */
const postgresCpu = trackProcessesCpu('postgres');

/** What the customer saw of one order key. */
type Placement = {
  userId: number;
  orderKey: string;
  /** The order placeOrder answered; null when it did not answer one. */
  orderId: number | null;
  /** The hosted page sent the customer back with status=succeeded. */
  paid: boolean;
  doubleClick: boolean;
};

/** The time of each step of one complete order, ms. */
type Steps = { verify: number; place: number; page: number; pay: number; doubleClick: boolean };

const placements: Placement[] = [];
let ordersStarted = 0;

/** A single ticket and a 24-hour pass starting at the next slot, both on the phone: no delivery. */
const cart = () => [
  { shopItemId: 1101, quantity: 1, support: 'DEMATERIALIZED' },
  { shopItemId: 1103, quantity: 1, support: 'DEMATERIALIZED', ...nextSlot(network) },
];

/** Order/verify.json on the cart with the customer's session; answers the cart's total. */
const verify = (shopper: Shopper, articles: Record<string, unknown>[]) =>
  verifyCart(api, network, shopper, articles);

/** One complete order of the customer: verify, place, the hosted page, the card form. */
async function completeOrder(shopper: Shopper): Promise<Steps> {
  const doubleClick = ordersStarted++ % DOUBLE_CLICK_EVERY === 0;
  const started = performance.now();
  const articles = cart();
  const total = await verify(shopper, articles);
  const verified = performance.now();

  const placement: Placement = {
    userId: shopper.userId,
    orderKey: randomUUID(),
    orderId: null,
    paid: false,
    doubleClick,
  };
  placements.push(placement);
  const body = placeOrderBody(network, shopper, {
    articles,
    orderKey: placement.orderKey,
    returnPath: RETURN_PATH,
    // Each customer buys the same cart again and again: as a buyer who answered "buy again" to
    // the repeat question (ORDER_ALREADY_BOUGHT, decision 0021) does.
    confirmRepeat: true,
  });
  const answers = await Promise.all(
    Array.from({ length: doubleClick ? 2 : 1 }, () =>
      api.call('POST', '/Order/placeOrder.json', body, NETWORK_HEADERS),
    ),
  );
  const [order, again] = answers.map((answer) => placedOrder(answer, sandbox));
  if (!order) throw new Error('Order/placeOrder.json: no answer');
  placement.orderId = order.orderId;
  if (again && (again.orderId !== order.orderId || again.redirectUrl !== order.redirectUrl)) {
    throw new Error(
      `Order/placeOrder.json sent twice with one key answered orders ${order.orderId} and ${again.orderId}` +
        ` (pages ${order.redirectUrl} and ${again.redirectUrl})`,
    );
  }
  if (order.totalAmount !== total)
    throw wrong('Order/placeOrder.json', answers[0] as Answer, `verify's total was ${total}`);
  const pagePath = hostedPagePath(order);
  const placedAt = performance.now();

  const token = await openHostedPage(sandbox, pagePath);
  const shown = performance.now();

  await payWithCard(sandbox, pagePath, token, RETURN_PATH);
  placement.paid = true;
  const ended = performance.now();
  return {
    verify: verified - started,
    place: placedAt - verified,
    page: shown - placedAt,
    pay: ended - shown,
    doubleClick,
  };
}

/** CPU time so far of the ticket API, the sandbox, PostgreSQL's processes and this benchmark. */
async function cpuNow() {
  const [ticketApi, paymentSandbox, postgres] = await Promise.all([
    threadCpuMs(api.pid),
    threadCpuMs(sandbox.pid),
    postgresCpu.read(),
  ]);
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    ticketApi,
    paymentSandbox,
    postgres,
    bench: (own.user + own.system) / 1000,
  };
}

/** Each part's CPU between two readings, as a share of one core, and per order. */
function cpuBetween(before: Awaited<ReturnType<typeof cpuNow>>, after: typeof before, orders: number) {
  const wallMs = after.at - before.at;
  const part = (label: string, used: number) =>
    `${label} ${((used / wallMs) * 100).toFixed(0)}% (${(used / Math.max(1, orders)).toFixed(1)} ms/order)`;
  const apiMain = after.ticketApi.main - before.ticketApi.main;
  const apiOthers = after.ticketApi.others - before.ticketApi.others;
  return [
    part('ticket API', apiMain + apiOthers) +
      ` [event loop ${((apiMain / wallMs) * 100).toFixed(0)}%, other threads ${((apiOthers / wallMs) * 100).toFixed(0)}%]`,
    part(
      'sandbox',
      after.paymentSandbox.main +
        after.paymentSandbox.others -
        before.paymentSandbox.main -
        before.paymentSandbox.others,
    ),
    part(
      `PostgreSQL (all ${after.postgres.processes} postgres processes)`,
      after.postgres.ms - before.postgres.ms,
    ),
    part('benchmark', after.bench - before.bench),
  ].join(', ');
}

/** The first failures of a run, and their number. */
function failureLines(errors: unknown[]): string[] {
  if (errors.length === 0) return [];
  return [
    `      ${errors.length} failed; first: ${errors
      .slice(0, QUOTED_FAILURES)
      .map((error) => (error instanceof Error ? error.message : String(error)))
      .join(' | ')}`,
  ];
}

/** Signs up and signs in the customers, four at a time (as many hashes as libuv's pool runs). */
async function signUpCustomers(count: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let first = 0; first < count; first += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - first) }, (_, offset) =>
        signUpAndLogIn(api, network, `bench.checkout.${process.pid}.${first + offset}@example.org`),
      ),
    );
    for (const { customer } of batch)
      shoppers.push({ userId: customer.userId, userToken: customer.userToken });
  }
  return shoppers;
}

type OrderRow = {
  id: number;
  userId: number;
  orderKey: string;
  status: string;
  invoiceNumber: string | null;
  payments: number;
  succeeded: number;
};

/** Every order of the temporary database (only this benchmark's), with its payments counted. */
async function ordersInDatabase(): Promise<OrderRow[]> {
  const row = await api.firstRow<{ orders: OrderRow[] }>(`
    select coalesce(json_agg(json_build_object(
      'id', o.id, 'userId', o.user_id, 'orderKey', o.order_key, 'status', o.status,
      'invoiceNumber', o.invoice_number,
      'payments', (select count(*) from payments p where p.order_id = o.id),
      'succeeded', (select count(*) from payments p where p.order_id = o.id and p.status = 'SUCCEEDED')
    )), '[]'::json) as orders
    from orders o`);
  return row?.orders ?? [];
}

/** The confirmation emails in the ticket API's outbox: the only messages with a PDF (the invoice). */
async function confirmationsSent(): Promise<number> {
  const files = (await readdir(api.outboxDir).catch(() => [] as string[])).filter((file) =>
    file.endsWith('.eml'),
  );
  let count = 0;
  for (const file of files) {
    const text = await readFile(join(api.outboxDir, file), 'utf8').catch(() => '');
    if (/^Content-Type: application\/pdf/im.test(text)) count += 1;
  }
  return count;
}

/** Order/history.json of one order: its status and its succeeded payments, as the customer reads them. */
async function history(shopper: Shopper, orderId: number) {
  const query = signedQuery(network, { ...shopper, networkId: network.id, orderId });
  const answer = await api.call('GET', `/Order/history.json${query}`, undefined, NETWORK_HEADERS);
  if (answer.status !== 200) throw wrong('Order/history.json', answer);
  const { order } = historyAnswer.parse(JSON.parse(answer.body)).response;
  return {
    status: order.status,
    succeeded: order.payments.filter((payment) => payment.status === 'SUCCEEDED').length,
  };
}

let wrongAnswers = 0;
try {
  const signUpStarted = performance.now();
  const shoppers = await signUpCustomers(CUSTOMERS);
  const signUpS = (performance.now() - signUpStarted) / 1000;
  const shopperOf = (worker: number) => shoppers[worker % shoppers.length] as Shopper;
  const sample = cart();
  const sampleTotal = await verify(shopperOf(0), sample);

  console.log(
    'complete orders (verify, place, pay on the hosted page with its notification) on the ticket API, ' +
      'PostgreSQL (temporary database), and the payment sandbox; network lumiere',
  );
  console.log(
    `machine: ${machine()}; cart: ${sample.length} lines (${sample.map((line) => `${line.shopItemId}×${line.quantity}`).join(', ')}, ` +
      `DEMATERIALIZED), total ${sampleTotal} minor units; card ${CARD_NUMBER}; ` +
      `${CUSTOMERS} customers signed up in ${signUpS.toFixed(1)} s; one order in ${DOUBLE_CLICK_EVERY} placed twice at once`,
  );
  console.log(`goal: at least ${GOAL_PER_SECOND} complete orders per second, none lost or duplicated`);
  console.log(loadLine());

  const warmup = await closedLoopOfTasks(4, WARMUP_S, (worker) => completeOrder(shopperOf(worker)));
  wrongAnswers += warmup.errors.length;
  console.log(
    `\nwarm-up: ${warmup.answers.length} orders with 4 customers in ${WARMUP_S} s` +
      (warmup.errors.length > 0 ? `; ${warmup.errors.length} failed` : ''),
  );
  for (const line of failureLines(warmup.errors)) console.log(line);

  console.log(
    `\nclosed loop, ${STEP_S} s per level: each customer starts the next order once the last one is back; ` +
      `then verify-only calls at the same concurrency (the baseline; ratio = orders/s ÷ verifications/s)`,
  );
  let best = { customers: 0, perSecond: 0 };
  for (const customers of CONCURRENCY_LEVELS) {
    const before = await cpuNow();
    const run = await closedLoopOfTasks(customers, STEP_S, (worker) => completeOrder(shopperOf(worker)));
    const after = await cpuNow();
    const baseline = WITH_BASELINE
      ? await closedLoopOfTasks(customers, STEP_S, (worker) => verify(shopperOf(worker), cart()))
      : { perSecond: 0, errors: [] };
    wrongAnswers += run.errors.length + baseline.errors.length;
    if (run.perSecond > best.perSecond) best = { customers, perSecond: run.perSecond };
    const whole = stats(run.latencies);
    const p50 = (values: number[]) => (values.length > 0 ? ms(stats(values).p50) : 'none');
    const step = (name: keyof Omit<Steps, 'doubleClick'>) => p50(run.answers.map((answer) => answer[name]));
    const doubled = run.answers.filter((answer) => answer.doubleClick);
    console.log(
      `  ${String(customers).padStart(2)} customers: ${run.perSecond.toFixed(1).padStart(6)} orders/s, ` +
        `p50 ${ms(whole.p50)}, p99 ${ms(whole.p99)} (${whole.count} orders, ${doubled.length} double clicks); ` +
        `baseline ${baseline.perSecond.toFixed(0)} verifications/s, ratio ${(run.perSecond / Math.max(1, baseline.perSecond)).toFixed(3)}`,
    );
    console.log(
      `      steps p50: verify ${step('verify')}, place ${step('place')}` +
        ` (double click ${p50(doubled.map((answer) => answer.place))}), page ${step('page')}, ` +
        `pay+notify ${step('pay')}`,
    );
    console.log(`      CPU: ${cpuBetween(before, after, whole.count)}`);
    for (const line of failureLines(run.errors)) console.log(line);
    for (const line of failureLines(baseline.errors)) console.log(`${line} (baseline)`);
  }
  console.log(`  after it: ${loadLine()}`);
  console.log(
    `goal: at least ${GOAL_PER_SECOND} complete orders per second: ` +
      `${best.perSecond >= GOAL_PER_SECOND ? 'met' : 'not met'} (best ${best.perSecond.toFixed(1)}/s at ${best.customers} customers)`,
  );

  // The 303 follows the notification's first attempt, or 3 s without its answer: an order paid
  // then may complete with a retry (after 1, 2, 4, 8 s…). Counted once none is left, or at the limit.
  const answered = placements.filter((placement) => placement.orderId !== null);
  const paid = placements.filter((placement) => placement.paid);
  const countingStarted = performance.now();
  let rows: OrderRow[] = [];
  let byKey = new Map<string, OrderRow[]>();
  let paidNotCompleted: Placement[] = [];
  for (;;) {
    rows = await ordersInDatabase();
    byKey = new Map();
    for (const row of rows) {
      const key = `${row.userId}:${row.orderKey}`;
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    paidNotCompleted = paid.filter((p) =>
      (byKey.get(`${p.userId}:${p.orderKey}`) ?? []).every((row) => row.status !== 'COMPLETED'),
    );
    if (paidNotCompleted.length === 0 || performance.now() - countingStarted > SETTLE_LIMIT_MS) break;
    await sleep(500);
  }
  const waitedS = (performance.now() - countingStarted) / 1000;
  const seen = new Set(placements.map((placement) => `${placement.userId}:${placement.orderKey}`));
  const withoutOrder = answered.filter((p) => !byKey.has(`${p.userId}:${p.orderKey}`));
  const otherId = answered.filter((p) =>
    (byKey.get(`${p.userId}:${p.orderKey}`) ?? []).some((row) => row.id !== p.orderId),
  );
  const twoOrdersOneKey = [...byKey.values()].filter((group) => group.length > 1);
  const twoSucceeded = rows.filter((row) => row.succeeded > 1);
  const twoPayments = rows.filter((row) => row.payments > 1);
  const unknown = rows.filter((row) => !seen.has(`${row.userId}:${row.orderKey}`));
  const invoiceNumbers = rows.flatMap((row) => (row.invoiceNumber ? [row.invoiceNumber] : []));
  const statuses = new Map<string, number>();
  for (const row of rows) statuses.set(row.status, (statuses.get(row.status) ?? 0) + 1);
  const doubleClicks = placements.filter((placement) => placement.doubleClick && placement.orderId !== null);

  console.log(
    `\ncounted in the database at the end (after waiting ${waitedS.toFixed(1)} s for late notifications)`,
  );
  console.log(
    `  order keys the customers placed: ${placements.length} (${answered.length} answered an order, ` +
      `${doubleClicks.length} of them double clicks), paid on the page: ${paid.length}`,
  );
  console.log(
    `  orders in the database: ${rows.length} (${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ') || 'none'}); ` +
      `COMPLETED: ${statuses.get('COMPLETED') ?? 0}; orders the customers never saw: ${unknown.length}`,
  );
  console.log(
    `  payments: orders with more than one succeeded ${twoSucceeded.length}, with more than one payment ` +
      `${twoPayments.length}; invoice numbers ${invoiceNumbers.length} (${new Set(invoiceNumbers).size} distinct)`,
  );
  console.log(
    `  lost: paid on the page but not COMPLETED ${paidNotCompleted.length}, answered key without an order ` +
      `${withoutOrder.length}; duplicated: two orders for one key ${twoOrdersOneKey.length}, two succeeded ` +
      `payments ${twoSucceeded.length}; answered with another order id ${otherId.length}`,
  );
  // The confirmations are rendered and sent by a job after the notification's answer: counted once
  // each COMPLETED order has one, or at the limit; the wait is the jobs' backlog after the run.
  const completed = statuses.get('COMPLETED') ?? 0;
  const mailStarted = performance.now();
  let confirmations = await confirmationsSent();
  while (confirmations < completed && performance.now() - mailStarted < CONFIRMATIONS_LIMIT_MS) {
    await sleep(1000);
    confirmations = await confirmationsSent();
  }
  console.log(
    `  confirmation emails with the invoice PDF: ${confirmations} for ${completed} COMPLETED orders ` +
      `(${((performance.now() - mailStarted) / 1000).toFixed(1)} s more to send them after the count)`,
  );
  // What each customer reads of their last paid order.
  const lastPaid = new Map<number, Placement>();
  for (const placement of paid) lastPaid.set(placement.userId, placement);
  let historyWrong = 0;
  const historyFailures: string[] = [];
  for (const placement of lastPaid.values()) {
    const shopper = shoppers.find((candidate) => candidate.userId === placement.userId) as Shopper;
    try {
      const read = await history(shopper, placement.orderId as number);
      if (read.status !== 'COMPLETED' || read.succeeded !== 1) {
        historyWrong += 1;
        historyFailures.push(
          `order ${placement.orderId}: ${read.status}, ${read.succeeded} succeeded payments`,
        );
      }
    } catch (error) {
      historyWrong += 1;
      historyFailures.push(error instanceof Error ? error.message : String(error));
    }
  }
  wrongAnswers += historyWrong;
  console.log(
    `  Order/history.json of each customer's last paid order: ${lastPaid.size - historyWrong} of ${lastPaid.size} ` +
      `COMPLETED with one succeeded payment${historyFailures.length > 0 ? `; first: ${historyFailures[0]}` : ''}`,
  );
  const lost = paidNotCompleted.length + withoutOrder.length + Math.max(0, completed - confirmations);
  const duplicated = twoOrdersOneKey.length + twoSucceeded.length;
  wrongAnswers += lost + duplicated + otherId.length;
  console.log(`lost: ${lost}, duplicated: ${duplicated}`);
  console.log(loadLine());
} finally {
  postgresCpu.stop();
  await api.close();
  await sandbox.close();
}
if (wrongAnswers > 0) {
  console.error(`${wrongAnswers} wrong answers or counts: see above`);
  process.exitCode = 1;
}
