import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.ts';
import { useTestDatabase } from '../test-support/test-database.ts';
import { startJobs } from './job-queue.ts';

const database = useTestDatabase();
const logs: { level: number; msg: string }[] = [];
const logger = createLogger({
  level: 'info',
  destination: { write: (line: string) => void logs.push(JSON.parse(line)) },
});
const definitions = {
  'test.reminder': z.object({ orderId: z.number().int(), note: z.string() }),
};

/** Resolves once `condition` holds, checking again whenever `poke` is called. */
function waitFor<T>(check: () => T | undefined, timeoutMs = 20_000) {
  let poke: () => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the condition was not met in time')), timeoutMs);
    poke = () => {
      const value = check();
      if (value === undefined) return;
      clearTimeout(timer);
      resolve(value);
    };
  });
  return { promise, poke: () => poke() };
}

/** The queue on this test's database, polling every `pollingIntervalSeconds` when given. */
const startTestJobs = (pollingIntervalSeconds?: number) =>
  startJobs({
    database: database.current,
    definitions,
    logger,
    ...(pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds }),
  });

describe('background jobs', () => {
  it('receives a job at once and a delayed one no sooner than asked', async () => {
    const jobs = await startTestJobs(0.5);
    try {
      const received: { orderId: number; at: number }[] = [];
      const both = waitFor(() => (received.length >= 2 ? received : undefined));
      await jobs.work('test.reminder', async (data) => {
        received.push({ orderId: data.orderId, at: Date.now() });
        both.poke();
      });
      const sentAt = Date.now();
      await jobs.send('test.reminder', { orderId: 2, note: 'later' }, { startAfter: 2 });
      await jobs.send('test.reminder', { orderId: 1, note: 'now' });
      const [first, second] = await both.promise;
      expect(first?.orderId).toBe(1);
      expect(second?.orderId).toBe(2);
      expect((second?.at ?? 0) - sentAt).toBeGreaterThanOrEqual(1_500);
    } finally {
      await jobs.stop();
    }
  });

  it('handles a batch job by job: the one that fails is kept for a retry, the others complete', async () => {
    const jobs = await startTestJobs(0.5);
    try {
      const handled: number[] = [];
      const all = waitFor(() => (handled.length >= 3 ? handled : undefined));
      const ids = new Map<number, string | null>();
      for (const orderId of [1, 2, 3])
        ids.set(orderId, await jobs.send('test.reminder', { orderId, note: 'batch' }));
      await jobs.work(
        'test.reminder',
        async (data) => {
          handled.push(data.orderId);
          all.poke();
          if (data.orderId === 2) throw new Error('the mail server said no');
        },
        { batchSize: 3 },
      );
      expect([...(await all.promise)].sort()).toEqual([1, 2, 3]);
      // Stops the worker once its batch is settled.
      await jobs.boss.offWork('test.reminder');
      const stateOf = async (orderId: number) =>
        (await jobs.boss.getJobById('test.reminder', ids.get(orderId) ?? ''))?.state;
      expect([await stateOf(1), await stateOf(2), await stateOf(3)]).toEqual([
        'completed',
        'retry',
        'completed',
      ]);
      expect(logs.some((line) => line.msg === 'job failed; it will be retried')).toBe(true);
    } finally {
      await jobs.stop();
    }
  });

  it('handles the jobs of a fetch together, never more at once than its concurrency', async () => {
    const jobs = await startTestJobs(0.5);
    try {
      const handled: number[] = [];
      const all = waitFor(() => (handled.length >= 4 ? handled : undefined));
      for (const orderId of [1, 2, 3, 4]) await jobs.send('test.reminder', { orderId, note: 'together' });
      let inFlight = 0;
      let mostAtOnce = 0;
      // The first two wait for each other: handled one after the other, neither would ever end.
      let bothStarted: () => void = () => {};
      const together = new Promise<void>((resolve) => {
        bothStarted = resolve;
      });
      await jobs.work(
        'test.reminder',
        async (data) => {
          inFlight += 1;
          mostAtOnce = Math.max(mostAtOnce, inFlight);
          if (inFlight === 2) bothStarted();
          await together;
          inFlight -= 1;
          handled.push(data.orderId);
          all.poke();
        },
        { batchSize: 4, concurrency: 2 },
      );
      expect([...(await all.promise)].sort()).toEqual([1, 2, 3, 4]);
      expect(mostAtOnce).toBe(2);
      await jobs.boss.offWork('test.reminder');
    } finally {
      await jobs.stop();
    }
  });

  it('keeps a recurring schedule per job and key, in its time zone, replaced when scheduled again', async () => {
    const jobs = await startTestJobs();
    try {
      await jobs.schedule(
        'test.reminder',
        '0 3 * * *',
        { orderId: 1, note: 'nightly' },
        { key: 'lumiere', tz: 'Europe/Paris', missed: 'once' },
      );
      await jobs.schedule(
        'test.reminder',
        '0 4 * * *',
        { orderId: 2, note: 'nightly' },
        { key: 'wahat', tz: 'Asia/Dubai' },
      );
      // A second replica starting does the same: the schedule is replaced, not doubled.
      await jobs.schedule(
        'test.reminder',
        '30 3 * * *',
        { orderId: 1, note: 'later' },
        { key: 'lumiere', tz: 'Europe/Paris', missed: 'once' },
      );

      const schedules = await jobs.boss.getSchedules('test.reminder');
      expect(
        schedules
          .map(({ key, cron, timezone, data }) => ({ key, cron, timezone, data }))
          .sort((a, b) => a.key.localeCompare(b.key)),
      ).toEqual([
        { key: 'lumiere', cron: '30 3 * * *', timezone: 'Europe/Paris', data: { orderId: 1, note: 'later' } },
        { key: 'wahat', cron: '0 4 * * *', timezone: 'Asia/Dubai', data: { orderId: 2, note: 'nightly' } },
      ]);
      expect(schedules.find((schedule) => schedule.key === 'lumiere')?.options).toMatchObject({
        missed: 'once',
      });

      await jobs.unschedule('test.reminder', 'wahat');
      expect((await jobs.boss.getSchedules('test.reminder')).map((schedule) => schedule.key)).toEqual([
        'lumiere',
      ]);
      await jobs.unschedule('test.reminder', 'lumiere');
      expect(await jobs.boss.getSchedules('test.reminder')).toEqual([]);
    } finally {
      await jobs.stop();
    }
  });

  it('refuses to schedule data its job does not take, or a job it does not know', async () => {
    const jobs = await startTestJobs();
    try {
      await expect(
        jobs.schedule('test.reminder', '0 3 * * *', { orderId: 1.5, note: 'x' }),
      ).rejects.toThrow();
      await expect(
        jobs.schedule('test.unknown' as 'test.reminder', '0 3 * * *', { orderId: 1, note: 'x' }),
      ).rejects.toThrow('unknown job "test.unknown"');
      expect(await jobs.boss.getSchedules()).toEqual([]);
    } finally {
      await jobs.stop();
    }
  });

  it('refuses to send data its job does not take', async () => {
    const jobs = await startTestJobs(0.5);
    try {
      await expect(
        jobs.send('test.reminder', { orderId: 'seven', note: 'x' } as unknown as {
          orderId: number;
          note: string;
        }),
      ).rejects.toThrow();
    } finally {
      await jobs.stop();
    }
  });
});
