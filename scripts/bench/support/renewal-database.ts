// The renewals' benchmark's queries on its temporary database (renewals.ts): the subscriptions
// copied beyond the real ones, the renewals' progress, the ticket API's own sweeps, and who holds
// the database's connections.
import type pg from 'pg';
import { SWEEP_APPLICATION } from './renewal-sweeper.ts';

/** The first row a query answers. */
export const rowOf = async <T>(client: pg.Client, text: string, values: unknown[] = []): Promise<T> =>
  (await client.query(text, values)).rows[0] as T;

/** The columns of a table a copy writes: all but the identity and those named. */
async function columnsOf(client: pg.Client, table: string, except: string[]): Promise<string[]> {
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
export async function copySubscriptions(
  client: pg.Client,
  extra: number,
): Promise<{ orders: number; subscriptions: number }> {
  const orderColumns = await columnsOf(client, 'orders', [
    'order_key',
    'public_reference',
    'tickets_reference',
    'invoice_number',
  ]);
  const lineColumns = await columnsOf(client, 'order_lines', ['order_id']);
  const eventColumns = await columnsOf(client, 'order_events', ['order_id']);
  const subscriptionColumns = await columnsOf(client, 'subscriptions', ['order_id']);
  return rowOf<{ orders: number; subscriptions: number }>(
    client,
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

export type Progress = { renewals: number; charging: number; paid: number; notifications: number };

export const progressNow = (client: pg.Client, since: Date) =>
  rowOf<Progress>(
    client,
    `select count(*)::int as renewals,
       (count(*) filter (where status = 'CHARGING'))::int as charging,
       (count(*) filter (where status = 'PAID'))::int as paid,
       (select count(*)::int from payment_events where received_at >= $1) as notifications
     from subscription_renewals`,
    [since],
  );

/** The sweeps of the ticket API's own minute job since the renewals began, from pg-boss's table. */
export const apiSweeps = async (client: pg.Client, since: Date) =>
  (
    await client.query<{ started: number | null; ended: number | null; state: string }>(
      `select extract(epoch from started_on - $1) as started, extract(epoch from completed_on - $1) as ended, state
       from pgboss.job where name = 'renew-due-subscriptions' and (started_on >= $1 or completed_on >= $1)
       order by started_on`,
      [since],
    )
  ).rows;

/** Who holds the temporary database's connections: the ticket API's pool, the sweep's. */
export const databaseSample = (client: pg.Client) =>
  rowOf<{
    apiBusy: number;
    apiInTransaction: number;
    apiLockWaits: number;
    sweepBusy: number;
    sweepLockWaits: number;
  }>(
    client,
    `select
       (count(*) filter (where application_name = '' and state <> 'idle'))::int as "apiBusy",
       (count(*) filter (where application_name = '' and state = 'idle in transaction'))::int as "apiInTransaction",
       (count(*) filter (where application_name = '' and wait_event_type = 'Lock'))::int as "apiLockWaits",
       (count(*) filter (where application_name = $1 and state <> 'idle'))::int as "sweepBusy",
       (count(*) filter (where application_name = $1 and wait_event_type = 'Lock'))::int as "sweepLockWaits"
     from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    [SWEEP_APPLICATION],
  );
