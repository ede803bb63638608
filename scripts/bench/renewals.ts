// Benchmark of a month's renewals of tacit subscriptions (decision 0043) all falling due at once:
// 10,000 monthly Lumière subscriptions (item 2102) renewed by the ticket API's own sweep
// (`renewDueSubscriptions`), on a temporary PostgreSQL database with the ticket API and the
// payment sandbox as processes on loopback; the time until every renewal is PAID, the renewals
// missed or doubled, and the shop's checkout latency during the renewals against before them.
//
// How the subscriptions are made: BENCH_SUBSCRIBERS customers (100) sign up and each subscribes
// through the real checkout (Order/verify.json, Order/placeOrder.json with isSubscription, the
// sandbox's hosted page paid with 4242 4242 4242 4242, whose notification completes the order,
// saves the card at the sandbox and starts the subscription). The rest, up to BENCH_SUBSCRIPTIONS
// (10,000), are written in one SQL statement: each copies one of those subscriptions' rows (same
// account, same saved card, so a token the sandbox knows) and points it at a copy of its first
// order (order row with a new order key and references and no invoice number, its lines and events;
// neither payments nor tickets are copied). Then every subscription's next_billing_at is set to
// now() and its notice_at to null. The sweep runs in this process with deps built as main.ts builds
// them (its notifications go to the ticket API's URL, which completes the orders); the ticket API's
// own minute job sweeps too once its minute comes, as a second replica would (BENCH_SWEEPER=api:
// only it). Prints figures; asserts nothing; exits non-zero when an answer was wrong or a renewal
// was missed or doubled.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { systemClock } from '../../platform/ticket-api/src/clock.ts';
import { createDatabase } from '../../platform/ticket-api/src/db/database.ts';
import { IN_MEMORY_DATA_DIR } from '../../platform/ticket-api/src/env.ts';
import { createLogger } from '../../platform/ticket-api/src/logger.ts';
import { createMailer } from '../../platform/ticket-api/src/mail/mailer.ts';
import { APP_JOBS } from '../../platform/ticket-api/src/queue/job-definitions.ts';
import { startJobs } from '../../platform/ticket-api/src/queue/job-queue.ts';
import { createDemoCardRegistry } from '../../platform/ticket-api/src/services/media/demo-card-registry.ts';
import type { CheckoutDeps } from '../../platform/ticket-api/src/services/orders/checkout-deps.ts';
import { renewDueSubscriptions } from '../../platform/ticket-api/src/services/orders/subscriptions/renewal-sweep.ts';
import { createSandboxProvider } from '../../platform/ticket-api/src/services/payments/sandbox-provider.ts';
import { createDatabaseTicketSigner } from '../../platform/ticket-api/src/services/tickets/ticket-signer.ts';
import { loadNetworkStore } from '../../platform/ticket-api/src/tenants/load-networks.ts';
import { signUpAndLogIn } from './support/customers.ts';
import { root } from './support/loopback.ts';
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
import { nextSlot, readDemoNetwork, startsNow } from './support/network.ts';
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
import { startTicketApi } from './support/ticket-api-under-test.ts';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100);
/** 'bench': this process sweeps at once, the ticket API's minute job joins in; 'api': only the latter. */
const SWEEPER = process.env.BENCH_SWEEPER === 'api' ? 'api' : 'bench';
/** Customers of the checkout probe, each in a closed loop with a pause between two carts. */
const SHOPPERS = 4;
const THINK_MS = 250;
/** Seconds of the checkout probe before the renewals (the baseline). */
const BASELINE_S = Number(process.env.BENCH_SECONDS ?? 20);
/** The probe runs in slices of this many seconds until every renewal is paid. */
const PROBE_SLICE_S = 5;
const PROGRESS_EVERY_MS = 15_000;
const GOAL_MS = 5 * 60_000;
/** The wait for the renewals is given up after this long: what is not paid then is missed. */
const LIMIT_MS = 15 * 60_000;
/** How long the real subscriptions' notifications may take to start them. */
const SUBSCRIBED_LIMIT_MS = 30_000;
const API_PORT = 8188;
const SANDBOX_PORT = 8189;
const NETWORK_SLUG = 'lumiere';
const SUBSCRIBED_ITEM = 2102;
const RETURN_PATH = '/cart/checkout';
const QUOTED_FAILURES = 3;

const network = await readDemoNetwork(NETWORK_SLUG);
const NETWORK_HEADERS = networkHeaders(network);
// Secrets of this run only, shared by both services and this process's sweep (decision 0018).
const secrets = {
  apiKey: `bench-${randomBytes(16).toString('hex')}`,
  webhookSecret: `bench-${randomBytes(16).toString('hex')}`,
};
const publicUrl = `http://127.0.0.1:${API_PORT}`;
const sandbox = await startPaymentSandbox({ port: SANDBOX_PORT, secrets });
const api = await startTicketApi({
  name: 'renewals',
  port: API_PORT,
  env: {
    PAYMENT_SANDBOX_URL: sandbox.url,
    PAYMENT_SANDBOX_API_KEY: secrets.apiKey,
    PAYMENT_SANDBOX_WEBHOOK_SECRET: secrets.webhookSecret,
    TICKET_API_PUBLIC_URL: publicUrl,
  },
}).catch(async (error: unknown) => {
  await sandbox.close();
  throw error;
});
const postgresCpu = trackProcessesCpu('postgres');
/** This benchmark's own connection: setup, copies, polls and counts. */
const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();

const rowOf = async <T>(text: string, values: unknown[] = []): Promise<T> =>
  (await client.query(text, values)).rows[0] as T;

/** Errors the sweep of this process logged (a renewal that failed is logged, not thrown). */
let sweepErrorsLogged = 0;

/** What renewDueSubscriptions is given, built as the ticket API's main.ts builds it. */
async function sweepDeps() {
  const logger = createLogger({
    level: 'warn',
    destination: {
      write(line: string) {
        if (/"level":(50|60)/.test(line)) sweepErrorsLogged += 1;
        process.stdout.write(line);
      },
    },
  });
  const database = await createDatabase({
    DATABASE_URL: api.databaseUrl,
    DATA_DIR: IN_MEMORY_DATA_DIR,
    logger,
  });
  const tenantsDir = join(root, 'tenants');
  const { networks } = await loadNetworkStore({ tenantsDir, themesDir: join(root, 'themes'), logger });
  const jobs = await startJobs({ database, definitions: APP_JOBS, logger });
  const deps: CheckoutDeps = {
    db: database.db,
    clock: systemClock,
    networks,
    payments: createSandboxProvider({
      baseUrl: sandbox.url,
      apiKey: secrets.apiKey,
      webhookSecret: secrets.webhookSecret,
    }),
    cards: createDemoCardRegistry({ db: database.db, tenantsDir, logger }),
    // The provider notifies the ticket API's process, which completes the orders.
    publicUrl,
    jobs,
    logger,
    mailer: createMailer({
      smtpUrl: '',
      outboxDir: api.outboxDir,
      from: 'Transit shop <no-reply@transit-shop.localhost>',
      logger,
    }),
    ticketSigner: createDatabaseTicketSigner({ db: database.db, clock: systemClock }),
  };
  const pool = database.driver.kind === 'postgres' ? database.driver.pool : null;
  return {
    deps,
    pool,
    close: async () => {
      await jobs.stop();
      await database.close();
    },
  };
}

/** A single ticket and a 24-hour pass starting at the next slot, both on the phone: no delivery. */
const cart = () => [
  { shopItemId: 1101, quantity: 1, support: 'DEMATERIALIZED' },
  { shopItemId: 1103, quantity: 1, support: 'DEMATERIALIZED', ...nextSlot(network) },
];

/** Signs up and signs in customers, four at a time (as many hashes as libuv's pool runs). */
async function signUpCustomers(prefix: string, count: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let first = 0; first < count; first += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - first) }, (_, offset) =>
        signUpAndLogIn(api, network, `bench.${prefix}.${process.pid}.${first + offset}@example.org`),
      ),
    );
    for (const { customer } of batch)
      shoppers.push({ userId: customer.userId, userToken: customer.userToken });
  }
  return shoppers;
}

/** A monthly pass from this month, renewed every month, subscribed and paid on the hosted page. */
async function subscribe(shopper: Shopper): Promise<void> {
  const articles = [
    {
      shopItemId: SUBSCRIBED_ITEM,
      quantity: 1,
      support: 'DEMATERIALIZED',
      isSubscription: true,
      startMonth: startsNow(network).month,
    },
  ];
  const total = await verifyCart(api, network, shopper, articles);
  const body = placeOrderBody(network, shopper, {
    articles,
    orderKey: randomUUID(),
    returnPath: RETURN_PATH,
  });
  const answer = await api.call('POST', '/Order/placeOrder.json', body, NETWORK_HEADERS);
  const order = placedOrder(answer, sandbox);
  if (order.totalAmount !== total)
    throw wrong('Order/placeOrder.json', answer, `verify's total was ${total}`);
  const pagePath = hostedPagePath(order);
  await payWithCard(sandbox, pagePath, await openHostedPage(sandbox, pagePath), RETURN_PATH);
}

/** The time of each step of one probe's cart, ms. */
type Steps = { verify: number; place: number };

/** The probe: a pause, then Order/verify.json and Order/placeOrder.json on an ordinary cart (not paid). */
async function checkoutSteps(shopper: Shopper): Promise<Steps> {
  await sleep(THINK_MS);
  const articles = cart();
  const started = performance.now();
  const total = await verifyCart(api, network, shopper, articles);
  const verified = performance.now();
  const body = placeOrderBody(network, shopper, {
    articles,
    orderKey: randomUUID(),
    returnPath: RETURN_PATH,
    // Each customer places the same cart again and again, as one who answered "buy again".
    confirmRepeat: true,
  });
  const answer = await api.call('POST', '/Order/placeOrder.json', body, NETWORK_HEADERS);
  const order = placedOrder(answer, sandbox);
  if (order.totalAmount !== total)
    throw wrong('Order/placeOrder.json', answer, `verify's total was ${total}`);
  return { verify: verified - started, place: performance.now() - verified };
}

/** CPU time so far of the ticket API, the sandbox, PostgreSQL's processes and this process (its sweep). */
async function cpuNow() {
  const [ticketApi, paymentSandbox, postgres] = await Promise.all([
    threadCpuMs(api.pid),
    threadCpuMs(sandbox.pid),
    postgresCpu.read(),
  ]);
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    ticketApi: ticketApi.main + ticketApi.others,
    apiEventLoop: ticketApi.main,
    paymentSandbox: paymentSandbox.main + paymentSandbox.others,
    postgres: postgres.ms,
    bench: (own.user + own.system) / 1000,
  };
}

function cpuBetween(before: Awaited<ReturnType<typeof cpuNow>>, after: typeof before): string {
  const wallMs = after.at - before.at;
  const share = (key: Exclude<keyof typeof before, 'at'>) =>
    `${(((after[key] - before[key]) / wallMs) * 100).toFixed(0)}%`;
  return (
    `ticket API ${share('ticketApi')} (event loop ${share('apiEventLoop')}), sandbox ${share('paymentSandbox')}, ` +
    `PostgreSQL ${share('postgres')} (every postgres process of the machine), ` +
    `this process ${share('bench')} (the sweep and the probe)`
  );
}

function failureLines(errors: unknown[]): string[] {
  if (errors.length === 0) return [];
  return [
    `      ${errors.length} failed; first: ${errors
      .slice(0, QUOTED_FAILURES)
      .map((error) => (error instanceof Error ? error.message : String(error)))
      .join(' | ')}`,
  ];
}

/** The columns of a table a copy writes: all but the identity and those named. */
async function columnsOf(table: string, except: string[]): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_identity = 'NO' and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name).filter((column) => !except.includes(column));
}

const list = (columns: string[], alias?: string) =>
  columns.map((column) => (alias ? `${alias}."${column}"` : `"${column}"`)).join(', ');

/**
 * The subscriptions beyond the real ones, in one statement: each copies subscription number
 * (copy mod real ones) with a copy of its first order (a new order key; new public and tickets
 * references by their defaults; no invoice number), that order's lines and events.
 */
async function copySubscriptions(extra: number): Promise<{ orders: number; subscriptions: number }> {
  const orderColumns = await columnsOf('orders', [
    'order_key',
    'public_reference',
    'tickets_reference',
    'invoice_number',
  ]);
  const lineColumns = await columnsOf('order_lines', ['order_id']);
  const eventColumns = await columnsOf('order_events', ['order_id']);
  const subscriptionColumns = await columnsOf('subscriptions', ['order_id']);
  return rowOf<{ orders: number; subscriptions: number }>(
    `with source as (
       select id as subscription_id, order_id, row_number() over (order by id) - 1 as n from subscriptions
     ), plan as materialized (
       select source.subscription_id, source.order_id as source_order_id, gen_random_uuid() as order_key
       from generate_series(0, $1::int - 1) as copy
       join source on source.n = copy % (select count(*) from source)
     ), new_orders as (
       insert into orders (order_key, ${list(orderColumns)})
       select plan.order_key, ${list(orderColumns, 'o')} from plan join orders o on o.id = plan.source_order_id
       returning id, order_key
     ), copied as (
       select plan.*, new_orders.id as order_id from plan join new_orders using (order_key)
     ), new_lines as (
       insert into order_lines (order_id, ${list(lineColumns)})
       select copied.order_id, ${list(lineColumns, 'l')}
       from copied join order_lines l on l.order_id = copied.source_order_id
       returning 1
     ), new_events as (
       insert into order_events (order_id, ${list(eventColumns)})
       select copied.order_id, ${list(eventColumns, 'e')}
       from copied join order_events e on e.order_id = copied.source_order_id
       returning 1
     ), new_subscriptions as (
       insert into subscriptions (order_id, ${list(subscriptionColumns)})
       select copied.order_id, ${list(subscriptionColumns, 's')}
       from copied join subscriptions s on s.id = copied.subscription_id
       returning 1
     )
     select (select count(*) from new_orders)::int as orders,
       (select count(*) from new_lines) as lines,
       (select count(*) from new_events) as events,
       (select count(*) from new_subscriptions)::int as subscriptions`,
    [extra],
  );
}

type Progress = { renewals: number; charging: number; paid: number; notifications: number };

const progressNow = () =>
  rowOf<Progress>(
    `select count(*)::int as renewals,
       (count(*) filter (where status = 'CHARGING'))::int as charging,
       (count(*) filter (where status = 'PAID'))::int as paid,
       (select count(*)::int from payment_events where received_at >= $1) as notifications
     from subscription_renewals`,
    [renewalsStartedAt],
  );

/** The sweeps of the ticket API's own minute job since the renewals began, from pg-boss's table. */
const apiSweeps = async () =>
  (
    await client.query<{ started: number | null; ended: number | null; state: string }>(
      `select extract(epoch from started_on - $1) as started, extract(epoch from completed_on - $1) as ended, state
       from pgboss.job where name = 'renew-due-subscriptions' and (started_on >= $1 or completed_on >= $1)
       order by started_on`,
      [renewalsStartedAt],
    )
  ).rows;

let renewalsStartedAt = new Date();
let wrongAnswers = 0;
const sweeper = SWEEPER === 'bench' ? await sweepDeps() : null;
try {
  console.log(
    `renewals of ${SUBSCRIPTIONS} tacit subscriptions due at once (Lumière, item ${SUBSCRIBED_ITEM}, monthly) ` +
      'on the ticket API, PostgreSQL (temporary database) and the payment sandbox',
  );
  console.log(`machine: ${machine()}; ${loadLine()}`);
  console.log(
    `goal: every renewal PAID within ${GOAL_MS / 60_000} minutes, none missed or doubled; ` +
      `sweeper: ${SWEEPER === 'bench' ? "this process at once, and the ticket API's minute job when it comes" : "the ticket API's minute job only"}`,
  );

  const setupStarted = performance.now();
  const subscribers = await signUpCustomers('subscriber', SUBSCRIBERS);
  const shoppers = await signUpCustomers('shopper', SHOPPERS);
  const signedUpS = (performance.now() - setupStarted) / 1000;
  const subscribing = performance.now();
  const subscribeErrors: unknown[] = [];
  for (let first = 0; first < subscribers.length; first += 4) {
    await Promise.all(
      subscribers.slice(first, first + 4).map((shopper) =>
        subscribe(shopper).catch((error: unknown) => {
          subscribeErrors.push(error);
        }),
      ),
    );
  }
  wrongAnswers += subscribeErrors.length;
  let real = 0;
  for (
    const deadline = performance.now() + SUBSCRIBED_LIMIT_MS;
    performance.now() < deadline;
    await sleep(250)
  ) {
    real = (await rowOf<{ count: number }>('select count(*)::int as count from subscriptions')).count;
    if (real >= subscribers.length - subscribeErrors.length) break;
  }
  const methods = await rowOf<{ methods: number; withMethod: number }>(
    `select count(distinct saved_payment_method_id)::int as methods,
       (count(*) filter (where saved_payment_method_id is not null))::int as "withMethod" from subscriptions`,
  );
  console.log(
    `\nsetup: ${SUBSCRIBERS + SHOPPERS} customers signed up in ${signedUpS.toFixed(1)} s; ${real} subscribed through ` +
      `the checkout (card ${CARD_NUMBER}) in ${((performance.now() - subscribing) / 1000).toFixed(1)} s, ` +
      `${methods.withMethod} with a saved card (${methods.methods} cards)`,
  );
  for (const line of failureLines(subscribeErrors)) console.log(line);
  if (real === 0) throw new Error('no subscription was started through the checkout');

  const copyStarted = performance.now();
  const copied = await copySubscriptions(SUBSCRIPTIONS - real);
  console.log(
    `  ${copied.subscriptions} subscriptions copied from them with ${copied.orders} first orders in ` +
      `${((performance.now() - copyStarted) / 1000).toFixed(1)} s`,
  );
  await client.query('analyze');

  console.log(
    `\ncheckout probe: ${SHOPPERS} customers, each in a closed loop (${THINK_MS} ms between two carts): ` +
      'Order/verify.json then Order/placeOrder.json on a two-line cart (1101, 1103), not paid',
  );
  const baselineCpu = await cpuNow();
  const baseline = await closedLoopOfTasks(SHOPPERS, BASELINE_S, (worker) =>
    checkoutSteps(shoppers[worker] as Shopper),
  );
  const baselineCpuAfter = await cpuNow();
  wrongAnswers += baseline.errors.length;
  console.log(
    `  before the renewals: ${baseline.answers.length} carts in ${BASELINE_S} s; CPU: ${cpuBetween(baselineCpu, baselineCpuAfter)}`,
  );
  for (const line of failureLines(baseline.errors)) console.log(line);

  // Every subscription due in the same minute.
  const due = await rowOf<{ count: number; at: Date }>(
    `with moved as (
       update subscriptions set next_billing_at = now(), notice_at = null, updated_at = now()
       where status = 'ACTIVE' returning 1
     ) select (select count(*)::int from moved) as count, now() as at`,
  );
  renewalsStartedAt = due.at;
  const started = performance.now();
  const cpuBefore = await cpuNow();
  console.log(`\n${due.count} subscriptions due at ${due.at.toISOString()}`);

  let sweepEndedMs: number | null = null;
  let sweepCharged = 0;
  const sweepErrors: unknown[] = [];
  const sweeping = sweeper
    ? renewDueSubscriptions(sweeper.deps).then(
        (result) => {
          sweepEndedMs = performance.now() - started;
          sweepCharged = result.charged;
        },
        (error: unknown) => {
          sweepEndedMs = performance.now() - started;
          sweepErrors.push(error);
        },
      )
    : Promise.resolve();

  // The pool the sweep's lanes share: how many of its callers wait for a connection.
  const poolSamples: number[] = [];
  const poolTimer = setInterval(() => {
    if (sweeper?.pool && sweepEndedMs === null) poolSamples.push(sweeper.pool.waitingCount);
  }, 250);

  let progress = await progressNow();
  let allPaidMs: number | null = null;
  let lastPrinted = { at: 0, paid: 0, notifications: 0 };
  const during: Steps[] = [];
  const duringErrors: unknown[] = [];
  const probing = (async () => {
    while (allPaidMs === null && performance.now() - started < LIMIT_MS) {
      const slice = await closedLoopOfTasks(SHOPPERS, PROBE_SLICE_S, (worker) =>
        checkoutSteps(shoppers[worker] as Shopper),
      );
      during.push(...slice.answers);
      duringErrors.push(...slice.errors);
    }
  })();
  for (;;) {
    await sleep(1000);
    progress = await progressNow();
    const elapsed = performance.now() - started;
    if (progress.paid >= due.count) allPaidMs = elapsed;
    if (elapsed - lastPrinted.at >= PROGRESS_EVERY_MS || allPaidMs !== null) {
      const seconds = (elapsed - lastPrinted.at) / 1000;
      console.log(
        `  +${(elapsed / 1000).toFixed(0).padStart(3)} s: ${progress.renewals} renewals made, ${progress.charging} charging, ` +
          `${progress.paid} PAID (${((progress.paid - lastPrinted.paid) / seconds).toFixed(1)}/s); ` +
          `${((progress.notifications - lastPrinted.notifications) / seconds).toFixed(1)} notifications/s received; ` +
          `sweep ${sweepEndedMs === null ? 'running' : `ended at +${(sweepEndedMs / 1000).toFixed(0)} s`}`,
      );
      lastPrinted = { at: elapsed, paid: progress.paid, notifications: progress.notifications };
    }
    if (allPaidMs !== null || elapsed >= LIMIT_MS) break;
  }
  const cpuAfter = await cpuNow();
  await probing;
  await sweeping;
  clearInterval(poolTimer);
  wrongAnswers += duringErrors.length + sweepErrors.length;

  const seconds = (value: number | null) => (value === null ? 'never' : `${(value / 1000).toFixed(1)} s`);
  console.log(
    `\nall ${due.count} renewals PAID after ${seconds(allPaidMs)} ` +
      `(goal ${GOAL_MS / 60_000} min: ${allPaidMs !== null && allPaidMs <= GOAL_MS ? 'met' : 'not met'})`,
  );
  console.log(`  CPU over the renewals: ${cpuBetween(cpuBefore, cpuAfter)}; ${loadLine()}`);
  const tries = await rowOf<{ tries: number }>(
    'select coalesce(sum(tries), 0)::int as tries from subscription_renewals',
  );
  if (sweeper) {
    const waiting = stats(poolSamples);
    console.log(
      `  this process's sweep: ended after ${seconds(sweepEndedMs)}, ${sweepCharged} charges sent of ${tries.tries} tries ` +
        `(the rest by the ticket API's minute job); its pool of ${sweeper.pool?.options.max ?? '?'} connections: ` +
        `callers waiting p50 ${waiting.p50}, max ${waiting.max}; errors logged ${sweepErrorsLogged}`,
    );
    for (const line of failureLines(sweepErrors)) console.log(line);
  }
  const sweeps = await apiSweeps();
  console.log(
    `  the ticket API's minute job: ${
      sweeps
        .map(
          (run) =>
            `${run.state} from +${Number(run.started ?? 0).toFixed(0)} s` +
            (run.ended === null ? '' : ` to +${Number(run.ended).toFixed(0)} s`),
        )
        .join('; ') || 'no sweep'
    }`,
  );
  // From a try's payment row to its order's completion: the charge, the notification, the completion.
  const lag = await rowOf<{ p50: number; p99: number; charges: number; chargesPerS: number }>(
    `select percentile_cont(0.5) within group (order by extract(epoch from o.completed_at - p.created_at)) * 1000 as p50,
       percentile_cont(0.99) within group (order by extract(epoch from o.completed_at - p.created_at)) * 1000 as p99,
       extract(epoch from max(p.created_at) - min(p.created_at)) as charges,
       count(*) / greatest(0.001, extract(epoch from max(p.created_at) - min(p.created_at))) as "chargesPerS"
     from subscription_renewals r join orders o on o.id = r.order_id join payments p on p.order_id = o.id
     where o.completed_at is not null`,
  );
  console.log(
    `  tries made at ${Number(lag.chargesPerS).toFixed(1)}/s over ${Number(lag.charges).toFixed(0)} s; ` +
      `from a try's payment to its order COMPLETED: p50 ${ms(Number(lag.p50))}, p99 ${ms(Number(lag.p99))}`,
  );

  const pick = (runs: Steps[], step: keyof Steps | 'both') =>
    runs.map((run) => (step === 'both' ? run.verify + run.place : run[step]));
  console.log(
    `\ncheckout probe during the renewals: ${during.length} carts (before: ${baseline.answers.length} in ${BASELINE_S} s)`,
  );
  for (const step of ['verify', 'place', 'both'] as const) {
    const before = stats(pick(baseline.answers, step));
    const now = stats(pick(during, step));
    const label = { verify: 'Order/verify.json', place: 'Order/placeOrder.json', both: 'both' }[step];
    console.log(
      `  ${label.padEnd(21)} before p50 ${ms(before.p50)}, p99 ${ms(before.p99)}; during p50 ${ms(now.p50)}, ` +
        `p99 ${ms(now.p99)}; ratio p50 ${(now.p50 / before.p50).toFixed(2)}, p99 ${(now.p99 / before.p99).toFixed(2)}`,
    );
  }
  for (const line of failureLines(duringErrors)) console.log(line);

  // Counted once the last renewal is paid (or the wait was given up).
  const count = await rowOf<Record<string, number>>(
    `with renewal_orders as (
       select r.subscription_id, r.period, r.order_id,
         (select count(*) from payments p where p.order_id = r.order_id) as payments,
         (select count(*) from payments p where p.order_id = r.order_id and p.status = 'SUCCEEDED') as succeeded,
         (select count(distinct e.payload->>'paymentId') from payment_events e join payments p on p.id = e.payment_id
           where p.order_id = r.order_id) as "providerPayments",
         (select count(*) from tickets t where t.order_id = r.order_id) as tickets,
         (select o.status from orders o where o.id = r.order_id) as status,
         (select o.invoice_number from orders o where o.id = r.order_id) as invoice
       from subscription_renewals r
     ), first_tickets as (
       select count(t.id) as tickets from subscriptions s
       join orders o on o.id = s.order_id left join tickets t on t.order_id = o.id
       where exists (select 1 from payments p where p.order_id = o.id)
       group by s.id
     )
     select
       (select count(*)::int from subscriptions s where not exists (select 1 from subscription_renewals r
          where r.subscription_id = s.id and r.period = 1 and r.status = 'PAID')) as "notPaid",
       (select count(*)::int from subscriptions where status = 'ACTIVE' and next_billing_at <= now()) as "stillDue",
       (select count(*)::int from subscriptions where next_period <> 2) as "notMoved",
       (select count(*)::int from subscriptions where status <> 'ACTIVE') as "notActive",
       (select count(*)::int from (select 1 from subscription_renewals group by subscription_id, period
          having count(*) > 1) as twice) as "renewalsTwice",
       (select count(*)::int from orders o where o.created_at >= $1
          and exists (select 1 from order_lines l where l.order_id = o.id and l.is_subscription)
          and not exists (select 1 from subscription_renewals r where r.order_id = o.id)) as "ordersUnlinked",
       (select count(*)::int from renewal_orders where status is distinct from 'COMPLETED') as "notCompleted",
       (select count(*)::int from renewal_orders where payments > 1) as "paymentsTwice",
       (select count(*)::int from renewal_orders where succeeded > 1) as "succeededTwice",
       (select count(*)::int from renewal_orders where succeeded = 0) as "notSucceeded",
       (select count(*)::int from renewal_orders where "providerPayments" > 1) as "providerTwice",
       (select count(*)::int from renewal_orders where tickets > (select max(tickets) from first_tickets)) as "ticketsMore",
       (select count(*)::int from renewal_orders where tickets < (select min(tickets) from first_tickets)) as "ticketsFewer",
       (select coalesce(sum(tickets), 0)::int from renewal_orders) as tickets,
       (select min(tickets)::int from first_tickets) as "firstTickets",
       (select count(invoice)::int from renewal_orders) as invoices,
       (select count(distinct invoice)::int from renewal_orders) as "distinctInvoices"`,
    [renewalsStartedAt],
  );
  const missed = (count.notPaid ?? 0) + (count.stillDue ?? 0) + (count.ticketsFewer ?? 0);
  const doubled =
    (count.renewalsTwice ?? 0) +
    (count.ordersUnlinked ?? 0) +
    (count.paymentsTwice ?? 0) +
    (count.succeededTwice ?? 0) +
    (count.providerTwice ?? 0) +
    (count.ticketsMore ?? 0) +
    ((count.invoices ?? 0) - (count.distinctInvoices ?? 0));
  console.log('\ncounted in the database');
  console.log(
    `  missed: subscriptions without period 1 PAID ${count.notPaid}, still due ${count.stillDue}, ` +
      `not moved to period 2 ${count.notMoved}, not ACTIVE ${count.notActive}, renewal orders not COMPLETED ` +
      `${count.notCompleted}, without a succeeded payment ${count.notSucceeded}, with fewer tickets than a first order ` +
      `${count.ticketsFewer}`,
  );
  console.log(
    `  doubled: renewals of one period ${count.renewalsTwice}, subscription orders placed since and of no renewal ` +
      `${count.ordersUnlinked}, renewal orders with more than one payment ${count.paymentsTwice}, ` +
      `more than one succeeded ${count.succeededTwice}, more than one provider payment ${count.providerTwice}, ` +
      `more tickets than a first order ${count.ticketsMore}; invoice numbers ${count.invoices} ` +
      `(${count.distinctInvoices} distinct)`,
  );
  console.log(
    `  tickets of the renewals: ${count.tickets} (a first order bought through the checkout: ${count.firstTickets})`,
  );
  const files = await readdir(api.outboxDir).catch(() => [] as string[]);
  console.log(`  emails written by then: ${files.filter((file) => file.endsWith('.eml')).length}`);
  wrongAnswers +=
    (count.notMoved ?? 0) + (count.notActive ?? 0) + (count.notCompleted ?? 0) + (count.notSucceeded ?? 0);
  console.log(`missed: ${missed}, doubled: ${doubled}`);
  wrongAnswers += missed + doubled;
} finally {
  postgresCpu.stop();
  await sweeper?.close();
  await client.end();
  await api.close();
  await sandbox.close();
}
if (wrongAnswers > 0) {
  console.error(`${wrongAnswers} wrong answers or counts: see above`);
  process.exitCode = 1;
}
