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
import pg from 'pg';
import { CHARGE_READ_AFTER_MS } from '../../platform/ticket-api/src/services/orders/payment-outcome/charge-reads.ts';
import { renewDueSubscriptions } from '../../platform/ticket-api/src/services/orders/subscriptions/renewal-sweep.ts';
import { signUpAndLogIn } from './support/customers.ts';
import { closedLoopOfTasks, connectionsTo, loadLine, machine, ms, sleep, stats } from './support/measure.ts';
import { nextSlot, readDemoNetwork, startsNow } from './support/network.ts';
import { cpuBetween, cpuPerRenewal, trackPartsCpu } from './support/parts-cpu.ts';
import { startPaymentSandbox } from './support/payment-sandbox-under-test.ts';
import {
  apiSweeps,
  copySubscriptions,
  databaseSample,
  progressNow,
  rowOf as rowOfClient,
} from './support/renewal-database.ts';
import { startSweeper } from './support/renewal-sweeper.ts';
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
const LIMIT_MS = 25 * 60_000;
/**
 * ... or once nothing moved for this long after the sweep ended: a charge whose notification the
 * sandbox gave up (its last retry comes about 2 min 7 s after the first, decision 0018) is read at
 * the provider CHARGE_READ_AFTER_MS after it was sent, by a minute's sweep.
 */
const STALL_MS = CHARGE_READ_AFTER_MS + 3 * 60_000;
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
// The sandbox logs each notification it gives up at warn: those are counted in the database instead.
const sandbox = await startPaymentSandbox({ port: SANDBOX_PORT, secrets, logLevel: 'error' });
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
/** This benchmark's own connection: setup, copies, polls and counts. */
const client = new pg.Client({ connectionString: api.databaseUrl });
await client.connect();

const rowOf = <T>(text: string, values: unknown[] = []): Promise<T> => rowOfClient<T>(client, text, values);
const cpu = trackPartsCpu({ apiPid: api.pid, sandboxPid: sandbox.pid });

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

/** The time of each step of one probe's cart, ms, and when it started (performance.now()). */
type Steps = { verify: number; place: number; at: number };

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
  return { verify: verified - started, place: performance.now() - verified, at: started };
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

let renewalsStartedAt = new Date();
let wrongAnswers = 0;
/** Wrong answers, missed and doubled renewals: any makes the exit code 1. */
let failures = 0;
const sweeper =
  SWEEPER === 'bench' ? await startSweeper({ api, sandboxUrl: sandbox.url, secrets, publicUrl }) : null;
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
  const copied = await copySubscriptions(client, SUBSCRIPTIONS - real);
  console.log(
    `  ${copied.subscriptions} subscriptions copied from them with ${copied.orders} first orders in ` +
      `${((performance.now() - copyStarted) / 1000).toFixed(1)} s`,
  );
  await client.query('analyze');

  console.log(
    `\ncheckout probe: ${SHOPPERS} customers, each in a closed loop (${THINK_MS} ms between two carts): ` +
      'Order/verify.json then Order/placeOrder.json on a two-line cart (1101, 1103), not paid',
  );
  const baselineCpu = await cpu.now();
  const baseline = await closedLoopOfTasks(SHOPPERS, BASELINE_S, (worker) =>
    checkoutSteps(shoppers[worker] as Shopper),
  );
  const baselineCpuAfter = await cpu.now();
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
  const cpuBefore = await cpu.now();
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

  // Sampled each second while the renewals run: who holds the database's connections, and the
  // sweep's pool's queue.
  const samples = {
    apiBusy: [] as number[],
    apiInTransaction: [] as number[],
    apiLockWaits: [] as number[],
    sweepBusy: [] as number[],
    sweepLockWaits: [] as number[],
    sweepPoolWaiting: [] as number[],
    connections: [] as number[],
  };

  let progress = await progressNow(client, renewalsStartedAt);
  let allPaidMs: number | null = null;
  let lastMove = { at: 0, paid: 0, renewals: 0, cpu: cpuBefore };
  let lastPrinted = { at: 0, paid: 0, notifications: 0 };
  const during: Steps[] = [];
  const duringErrors: unknown[] = [];
  let waiting = true;
  const probing = (async () => {
    while (waiting) {
      const slice = await closedLoopOfTasks(SHOPPERS, PROBE_SLICE_S, (worker) =>
        checkoutSteps(shoppers[worker] as Shopper),
      );
      during.push(...slice.answers);
      duringErrors.push(...slice.errors);
    }
  })();
  for (;;) {
    await sleep(1000);
    const [now, held] = await Promise.all([progressNow(client, renewalsStartedAt), databaseSample(client)]);
    progress = now;
    const connections = connectionsTo(API_PORT);
    samples.apiBusy.push(held.apiBusy);
    samples.apiInTransaction.push(held.apiInTransaction);
    samples.apiLockWaits.push(held.apiLockWaits);
    samples.connections.push(connections);
    if (sweepEndedMs === null) {
      samples.sweepBusy.push(held.sweepBusy);
      samples.sweepLockWaits.push(held.sweepLockWaits);
      if (sweeper?.pool) samples.sweepPoolWaiting.push(sweeper.pool.waitingCount);
    }
    const elapsed = performance.now() - started;
    if (progress.paid >= due.count) allPaidMs = elapsed;
    if (progress.paid !== lastMove.paid || progress.renewals !== lastMove.renewals)
      lastMove = { at: elapsed, paid: progress.paid, renewals: progress.renewals, cpu: await cpu.now() };
    if (elapsed - lastPrinted.at >= PROGRESS_EVERY_MS || allPaidMs !== null) {
      const seconds = (elapsed - lastPrinted.at) / 1000;
      console.log(
        `  +${(elapsed / 1000).toFixed(0).padStart(3)} s: ${progress.renewals} renewals made, ${progress.charging} charging, ` +
          `${progress.paid} PAID (${((progress.paid - lastPrinted.paid) / seconds).toFixed(1)}/s); ` +
          `${((progress.notifications - lastPrinted.notifications) / seconds).toFixed(1)} notifications/s applied; ` +
          `${connections} connections open to the ticket API, ${held.apiBusy} of its database connections busy ` +
          `(${held.apiLockWaits} waiting for a lock)` +
          (sweeper
            ? `; this process's sweep ${sweepEndedMs === null ? 'running' : `ended at +${(sweepEndedMs / 1000).toFixed(0)} s`}`
            : ''),
      );
      lastPrinted = { at: elapsed, paid: progress.paid, notifications: progress.notifications };
    }
    // Once every renewal is made, the notifications still to come are the sandbox's retries.
    const made = sweeper ? sweepEndedMs !== null : progress.renewals >= due.count;
    const stalled = made && elapsed - lastMove.at >= STALL_MS;
    if (allPaidMs !== null || elapsed >= LIMIT_MS || stalled) break;
  }
  const waitedMs = performance.now() - started;
  waiting = false;
  await probing;
  await sweeping;
  wrongAnswers += duringErrors.length + sweepErrors.length;

  const seconds = (value: number | null) => (value === null ? 'never' : `${(value / 1000).toFixed(1)} s`);
  const spread = (values: number[]) => {
    const of = stats(values);
    return `p50 ${of.p50}, max ${of.max}`;
  };
  console.log(
    allPaidMs !== null
      ? `\nall ${due.count} renewals PAID after ${seconds(allPaidMs)}`
      : `\n${progress.paid} of ${due.count} renewals PAID; the wait was given up after ${seconds(waitedMs)} ` +
          `(nothing moved in the last ${seconds(waitedMs - lastMove.at)})`,
  );
  console.log(
    `  goal: every renewal PAID within ${GOAL_MS / 60_000} min: ${allPaidMs !== null && allPaidMs <= GOAL_MS ? 'met' : 'not met'}`,
  );
  console.log(`  CPU over the renewals: ${cpuBetween(cpuBefore, lastMove.cpu)}; ${loadLine()}`);
  if (lastMove.paid > 0)
    console.log(
      `  CPU per renewal PAID: ${cpuPerRenewal(cpuBefore, lastMove.cpu, lastMove.paid, SUBSCRIPTIONS)}`,
    );
  const tries = await rowOf<{ tries: number }>(
    'select coalesce(sum(tries), 0)::int as tries from subscription_renewals',
  );
  if (sweeper) {
    const charge = stats(sweeper.measured.chargeCallsMs);
    console.log(
      `  this process's sweep: ended after ${seconds(sweepEndedMs)}, ${sweepCharged} charges sent of ${tries.tries} tries ` +
        `(the rest by the ticket API's minute job), ${((sweepCharged / Math.max(1, sweepEndedMs ?? 1)) * 1000).toFixed(1)}/s; ` +
        `each charge's call to the sandbox p50 ${ms(charge.p50)}, p99 ${ms(charge.p99)}; ` +
        `its database connections busy ${spread(samples.sweepBusy)} (waiting for a lock ${spread(samples.sweepLockWaits)}), ` +
        `callers waiting for one of its pool's ${sweeper.pool?.options.max ?? '?'} ${spread(samples.sweepPoolWaiting)}; ` +
        `errors logged ${sweeper.measured.errorsLogged}`,
    );
    for (const line of failureLines(sweepErrors)) console.log(line);
  }
  const sweeps = await apiSweeps(client, renewalsStartedAt);
  const longest = sweeps.reduce<(typeof sweeps)[number] | undefined>(
    (best, run) =>
      Number(run.ended ?? waitedMs / 1000) - Number(run.started ?? 0) >
      Number(best?.ended ?? 0) - Number(best?.started ?? 0)
        ? run
        : best,
    undefined,
  );
  console.log(
    `  the ticket API's minute job: ${sweeps.length} sweeps` +
      (longest
        ? `, the longest from +${Number(longest.started ?? 0).toFixed(0)} s to ` +
          `${longest.ended === null ? 'the end' : `+${Number(longest.ended).toFixed(0)} s`} (${longest.state})`
        : ''),
  );
  console.log(
    `  the ticket API: connections open to it ${spread(samples.connections)}; its database connections busy ` +
      `${spread(samples.apiBusy)} (idle in a transaction ${spread(samples.apiInTransaction)}), ` +
      `waiting for a lock ${spread(samples.apiLockWaits)}`,
  );
  // A try's way: its payment row (the sweep), the sandbox's event (the charge made), the
  // notification applied by the ticket API (its transaction's start), the order COMPLETED.
  const lag = await rowOf<Record<string, number>>(
    `with tried as (
       select p.created_at as tried, (e.payload->>'createdAt')::timestamptz as charged, e.received_at as applied,
         o.completed_at as completed
       from subscription_renewals r join orders o on o.id = r.order_id join payments p on p.order_id = o.id
       join payment_events e on e.payment_id = p.id and e.applied
     )
     select
       percentile_cont(0.5) within group (order by extract(epoch from charged - tried)) * 1000 as "chargedP50",
       percentile_cont(0.99) within group (order by extract(epoch from charged - tried)) * 1000 as "chargedP99",
       percentile_cont(0.5) within group (order by extract(epoch from applied - charged)) * 1000 as "appliedP50",
       percentile_cont(0.99) within group (order by extract(epoch from applied - charged)) * 1000 as "appliedP99",
       percentile_cont(0.5) within group (order by extract(epoch from completed - tried)) * 1000 as "completedP50",
       percentile_cont(0.99) within group (order by extract(epoch from completed - tried)) * 1000 as "completedP99"
     from tried`,
  );
  console.log(
    `  a try's way, p50 and p99: to the sandbox's charge ${ms(Number(lag.chargedP50))}, ${ms(Number(lag.chargedP99))}; ` +
      `then to its notification applied ${ms(Number(lag.appliedP50))}, ${ms(Number(lag.appliedP99))}; ` +
      `from the try to its order COMPLETED ${ms(Number(lag.completedP50))}, ${ms(Number(lag.completedP99))}`,
  );

  // The machine is shared: the probe runs again once the renewals are over, to show its drift.
  const after = await closedLoopOfTasks(SHOPPERS, BASELINE_S, (worker) =>
    checkoutSteps(shoppers[worker] as Shopper),
  );
  wrongAnswers += after.errors.length;
  const underWay = during.filter((steps) => steps.at - started <= lastMove.at);
  const pick = (runs: Steps[], step: 'verify' | 'place' | 'both') =>
    runs.map((run) => (step === 'both' ? run.verify + run.place : run[step]));
  console.log(
    `\ncheckout probe while the renewals were under way (to the last one paid): ${underWay.length} carts; ` +
      `before them ${baseline.answers.length}, after them ${after.answers.length}, ${BASELINE_S} s each`,
  );
  for (const step of ['verify', 'place', 'both'] as const) {
    const before = stats(pick(baseline.answers, step));
    const now = stats(pick(underWay, step));
    const later = stats(pick(after.answers, step));
    const label = { verify: 'Order/verify.json', place: 'Order/placeOrder.json', both: 'both' }[step];
    console.log(
      `  ${label.padEnd(21)} during p50 ${ms(now.p50)}, p99 ${ms(now.p99)}; before p50 ${ms(before.p50)}, ` +
        `p99 ${ms(before.p99)}, ratio p50 ${(now.p50 / before.p50).toFixed(2)}, p99 ${(now.p99 / before.p99).toFixed(2)}; ` +
        `after p50 ${ms(later.p50)}, p99 ${ms(later.p99)}`,
    );
  }
  for (const line of failureLines(duringErrors)) console.log(line);
  for (const line of failureLines(after.errors)) console.log(`${line} (after)`);

  // Counted once the last renewal is paid (or the wait was given up).
  const count = await rowOf<Record<string, number>>(
    `with renewal_orders as (
       select r.subscription_id, r.period, r.order_id, r.status as renewal,
         (select s.next_period from subscriptions s where s.id = r.subscription_id) as "nextPeriod",
         (select count(*) from payments p where p.order_id = r.order_id) as payments,
         (select count(*) from payments p where p.order_id = r.order_id and p.status = 'SUCCEEDED') as succeeded,
         (select count(*) from payments p where p.order_id = r.order_id and p.provider_payment_id is not null
           and not exists (select 1 from payment_events e where e.payment_id = p.id)) as unnotified,
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
          where r.subscription_id = s.id and r.period = 1 and r.status = 'PAID')) as missed,
       (select count(*)::int from subscriptions s where not exists (select 1 from subscription_renewals r
          where r.subscription_id = s.id and r.period = 1)) as "noRenewal",
       (select count(*)::int from renewal_orders where renewal = 'CHARGING') as charging,
       (select count(*)::int from renewal_orders where renewal = 'CHARGING' and unnotified > 0) as unnotified,
       (select count(*)::int from renewal_orders where renewal not in ('PAID', 'CHARGING')) as "otherStatus",
       (select count(*)::int from subscriptions where status = 'ACTIVE' and next_billing_at <= now()) as "stillDue",
       (select count(*)::int from (select 1 from subscription_renewals group by subscription_id, period
          having count(*) > 1) as twice) as "renewalsTwice",
       (select count(*)::int from orders o where o.created_at >= $1
          and exists (select 1 from order_lines l where l.order_id = o.id and l.is_subscription)
          and not exists (select 1 from subscription_renewals r where r.order_id = o.id)) as "ordersUnlinked",
       (select count(*)::int from renewal_orders where payments > 1) as "paymentsTwice",
       (select count(*)::int from renewal_orders where succeeded > 1) as "succeededTwice",
       (select count(*)::int from renewal_orders where "providerPayments" > 1) as "providerTwice",
       (select count(*)::int from renewal_orders where tickets > (select max(tickets) from first_tickets)) as "ticketsMore",
       (select count(invoice)::int - count(distinct invoice)::int from renewal_orders) as "invoicesTwice",
       (select count(*)::int from renewal_orders where renewal = 'PAID' and (status <> 'COMPLETED' or succeeded <> 1
          or "nextPeriod" <> 2 or invoice is null or tickets < (select min(tickets) from first_tickets))) as "paidIncomplete",
       (select count(*)::int from renewal_orders where renewal <> 'PAID' and status = 'COMPLETED') as "completedNotPaid",
       (select coalesce(sum(tickets), 0)::int from renewal_orders) as tickets,
       (select min(tickets)::int from first_tickets) as "firstTickets",
       (select count(invoice)::int from renewal_orders) as invoices`,
    [renewalsStartedAt],
  );
  const value = (key: string) => count[key] ?? 0;
  const missed = value('missed');
  const doubled =
    value('renewalsTwice') +
    value('ordersUnlinked') +
    value('paymentsTwice') +
    value('succeededTwice') +
    value('providerTwice') +
    value('ticketsMore') +
    value('invoicesTwice');
  const inconsistent = value('paidIncomplete') + value('completedNotPaid');
  console.log('\ncounted in the database');
  console.log(
    `  missed (due, period 1 not PAID): ${missed}: no renewal made ${value('noRenewal')}, CHARGING ${value('charging')} ` +
      `(${value('unnotified')} of them charged at the sandbox and never notified), another status ${value('otherStatus')}; ` +
      `subscriptions still due ${value('stillDue')}`,
  );
  console.log(
    `  doubled: renewals of one period ${value('renewalsTwice')}, subscription orders placed since and of no renewal ` +
      `${value('ordersUnlinked')}, renewal orders with more than one payment ${value('paymentsTwice')}, ` +
      `more than one succeeded ${value('succeededTwice')}, more than one provider payment ${value('providerTwice')}, ` +
      `more tickets than a first order ${value('ticketsMore')}, invoice numbers given twice ${value('invoicesTwice')}`,
  );
  console.log(
    `  PAID renewals whose order is not COMPLETED with one succeeded payment, an invoice and its tickets, or ` +
      `whose subscription is not at period 2: ${value('paidIncomplete')}; COMPLETED orders of renewals not PAID: ` +
      `${value('completedNotPaid')}`,
  );
  console.log(
    `  tickets of the renewals: ${value('tickets')} (a first order bought through the checkout has ` +
      `${value('firstTickets')}); invoices ${value('invoices')}`,
  );
  const files = await readdir(api.outboxDir).catch(() => [] as string[]);
  console.log(`  emails written by then: ${files.filter((file) => file.endsWith('.eml')).length}`);
  console.log(`missed: ${missed}, doubled: ${doubled}`);
  wrongAnswers += inconsistent;
  failures = wrongAnswers + missed + doubled;
} finally {
  cpu.stop();
  await sweeper?.close();
  await client.end();
  await api.close();
  await sandbox.close();
}
if (failures > 0) {
  console.error(`${wrongAnswers} wrong answers, and renewals missed or doubled: see above`);
  process.exitCode = 1;
}
