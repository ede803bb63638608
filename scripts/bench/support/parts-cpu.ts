// CPU used by each part of the renewals' benchmark (renewals.ts): the ticket API, the payment
// sandbox, PostgreSQL's processes and the benchmark's own process (its sweep and probe), read from
// /proc, as shares of the wall time and per renewal paid.
import { ms, threadCpuMs, trackProcessesCpu } from './measure.ts';

export type CpuReading = {
  at: number;
  ticketApi: number;
  apiEventLoop: number;
  paymentSandbox: number;
  postgres: number;
  bench: number;
};

export function trackPartsCpu(parts: { apiPid: number; sandboxPid: number }) {
  const postgres = trackProcessesCpu('postgres');
  return {
    /** CPU time so far of each part, ms. */
    async now(): Promise<CpuReading> {
      const [ticketApi, paymentSandbox, postgresMs] = await Promise.all([
        threadCpuMs(parts.apiPid),
        threadCpuMs(parts.sandboxPid),
        postgres.read(),
      ]);
      const own = process.cpuUsage();
      return {
        at: performance.now(),
        ticketApi: ticketApi.main + ticketApi.others,
        apiEventLoop: ticketApi.main,
        paymentSandbox: paymentSandbox.main + paymentSandbox.others,
        postgres: postgresMs.ms,
        bench: (own.user + own.system) / 1000,
      };
    },
    stop: () => postgres.stop(),
  };
}

export function cpuBetween(before: CpuReading, after: CpuReading): string {
  const wallMs = after.at - before.at;
  const share = (key: Exclude<keyof CpuReading, 'at'>) =>
    `${(((after[key] - before[key]) / wallMs) * 100).toFixed(0)}%`;
  return (
    `ticket API ${share('ticketApi')} (event loop ${share('apiEventLoop')}), sandbox ${share('paymentSandbox')}, ` +
    `PostgreSQL ${share('postgres')} (every postgres process of the machine), ` +
    `this process ${share('bench')} (the sweep and the probe)`
  );
}

/**
 * The CPU all parts used per renewal paid, and the rate 2 cores of their own would allow at best
 * if nothing else ran and nothing waited: what the 5-minute goal asks of the machine.
 */
export function cpuPerRenewal(
  before: CpuReading,
  after: CpuReading,
  paid: number,
  subscriptions: number,
): string {
  const used = (key: Exclude<keyof CpuReading, 'at' | 'apiEventLoop'>) => (after[key] - before[key]) / paid;
  const all = used('ticketApi') + used('paymentSandbox') + used('postgres') + used('bench');
  const perSecond = (2000 / all).toFixed(0);
  return (
    `ticket API ${ms(used('ticketApi'))}, sandbox ${ms(used('paymentSandbox'))}, PostgreSQL ${ms(used('postgres'))} ` +
    `(every postgres process of the machine), this process ${ms(used('bench'))}; in all ${ms(all)}, ` +
    `so 2 cores of their own would renew at most ${perSecond}/s (${subscriptions} in ${((subscriptions * all) / 2000).toFixed(0)} s)`
  );
}
