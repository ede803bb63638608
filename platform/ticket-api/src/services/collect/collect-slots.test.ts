import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  COLLECT_READY_HOURS,
  collectSlotsAnswerSchema,
  getCollectSlotsCall,
} from '@transit-shop/sdk/contract/collect';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { networkFileSchema } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { collectSlotCounters, collectSlotReservations } from '../../db/schema/collect-slots.ts';
import { DEFAULT_DIRS } from '../../env.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { useTestDatabase } from '../../test-support/test-database.ts';
import type { CollectNetwork } from './collect-site.ts';
import { listCollectSlots } from './list-collect-slots.ts';
import { releaseCollectSlot } from './release-collect-slot.ts';
import { reserveCollectSlot } from './reserve-collect-slot.ts';

const database = useTestDatabase();
const lumiere = networkFileSchema.parse(
  JSON.parse(await readFile(join(DEFAULT_DIRS.tenants, 'lumiere', 'network.json'), 'utf8')),
);
const NOW = new Date('2026-11-23T09:00:00Z'); // Monday, 10:00 in Clairval
const HOTEL_DE_VILLE = 12; // Mon–Fri 09:00–12:00 and 14:00–18:00, 30 minutes, 4 orders a slot

/** A network of its own per test, so counters left by one test do not meet another's. */
let nextNetworkId = 9000;
function network(
  pickUp?: CollectNetwork['collectSites'][number]['pickUp'],
  timeZone = 'Europe/Paris',
): CollectNetwork {
  const sites = lumiere.collectSites.map((site) =>
    pickUp && site.id === HOTEL_DE_VILLE ? { ...site, pickUp } : site,
  );
  return { id: nextNetworkId++, timeZone, collectSites: sites };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
};

const reserve = (
  db: Database,
  net: CollectNetwork,
  slotStart: string,
  orderKey: string,
  siteId = HOTEL_DE_VILLE,
) => db.transaction((tx) => reserveCollectSlot(tx, { network: net, siteId, slotStart, orderKey, now: NOW }));

describe('listCollectSlots', () => {
  it('CHK-06 starts 72 hours after now: the tickets are ready 48 to 72 hours after the order', async () => {
    expect(COLLECT_READY_HOURS).toBe(72);
    const slots = await listCollectSlots(database.current.db, {
      network: network(),
      siteId: HOTEL_DE_VILLE,
      now: NOW,
      days: 1,
    });
    // Thursday from 10:00 local (UTC+1): the morning's remaining four, then the afternoon's eight.
    expect(slots.map((slot) => slot.start)).toEqual([
      '2026-11-26T09:00:00.000Z',
      '2026-11-26T09:30:00.000Z',
      '2026-11-26T10:00:00.000Z',
      '2026-11-26T10:30:00.000Z',
      ...['13', '14', '15', '16'].flatMap((hour) => [
        `2026-11-26T${hour}:00:00.000Z`,
        `2026-11-26T${hour}:30:00.000Z`,
      ]),
    ]);
    expect(slots[0]).toEqual({
      start: '2026-11-26T09:00:00.000Z',
      end: '2026-11-26T09:30:00.000Z',
      capacity: 4,
      remaining: 4,
    });
  });

  it('CHK-05 follows the weekly opening ranges: no slot on a closed day, a week of days from the date asked', async () => {
    const slots = await listCollectSlots(database.current.db, {
      network: network(),
      siteId: HOTEL_DE_VILLE,
      now: NOW,
      from: '2026-11-28',
    });
    const days = [...new Set(slots.map((slot) => slot.start.slice(0, 10)))];
    // Saturday 28 and Sunday 29 closed; Monday 30 to Friday 4 open.
    expect(days).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    expect(slots).toHaveLength(5 * 14);
  });

  it('keeps local opening hours across the clocks going back: 07:00 is 05:00 UTC on Saturday, 06:00 UTC on Monday', async () => {
    const net = network();
    const slots = await listCollectSlots(database.current.db, {
      network: net,
      siteId: 11, // Mon–Sat 07:00–19:00
      now: new Date('2026-10-20T12:00:00Z'),
      from: '2026-10-24',
      days: 3,
    });
    const firstOfDay = (date: string) => slots.find((slot) => slot.start.startsWith(date))?.start;
    expect(firstOfDay('2026-10-24')).toBe('2026-10-24T05:00:00.000Z');
    expect(slots.some((slot) => slot.start.startsWith('2026-10-25'))).toBe(false);
    expect(firstOfDay('2026-10-26')).toBe('2026-10-26T06:00:00.000Z');
    expect(slots.filter((slot) => slot.start.startsWith('2026-10-26'))).toHaveLength(24);
  });

  it('leaves out the local hour the clocks skip and counts the one they repeat once', async () => {
    const night = {
      slotMinutes: 60,
      capacity: 1,
      opening: [{ days: ['SUN' as const], from: '01:00', to: '04:00' }],
    };
    const startsOn = async (now: string, from: string) =>
      (
        await listCollectSlots(database.current.db, {
          network: network(night),
          siteId: HOTEL_DE_VILLE,
          now: new Date(now),
          from,
          days: 1,
        })
      ).map((slot) => slot.start);
    // 28 March 2027: 02:00 does not exist in Paris.
    expect(await startsOn('2027-03-20T00:00:00Z', '2027-03-28')).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T01:00:00.000Z',
    ]);
    // 25 October 2026: 02:00 happens twice; its slot is the first.
    expect(await startsOn('2026-10-20T00:00:00Z', '2026-10-25')).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('answers the remaining places of each slot from the reservations', async () => {
    const net = network();
    const slot = '2026-11-26T09:30:00.000Z';
    await reserve(database.current.db, net, slot, 'order-a');
    await reserve(database.current.db, net, slot, 'order-b');
    const slots = await listCollectSlots(database.current.db, {
      network: net,
      siteId: HOTEL_DE_VILLE,
      now: NOW,
      days: 1,
    });
    expect(slots.find((s) => s.start === slot)?.remaining).toBe(2);
    expect(slots.find((s) => s.start === '2026-11-26T09:00:00.000Z')?.remaining).toBe(4);
  });
});

describe('reserveCollectSlot and releaseCollectSlot', () => {
  const SLOT = '2026-11-27T13:00:00.000Z'; // Friday 14:00 local

  it('takes places up to the capacity, then refuses with COLLECT_SLOT_FULL', async () => {
    const net = network({
      slotMinutes: 30,
      capacity: 2,
      opening: [{ days: ['FRI'], from: '14:00', to: '15:00' }],
    });
    const db = database.current.db;
    await expect(reserve(db, net, SLOT, 'first')).resolves.toMatchObject({
      siteId: HOTEL_DE_VILLE,
      slotStart: new Date(SLOT),
      slotEnd: new Date('2026-11-27T13:30:00.000Z'),
    });
    await reserve(db, net, SLOT, 'second');
    expect(await codeOf(reserve(db, net, SLOT, 'third'))).toBe('COLLECT_SLOT_FULL');
    // The refused order holds nothing.
    const rows = await db
      .select()
      .from(collectSlotReservations)
      .where(eq(collectSlotReservations.networkId, net.id));
    expect(rows.map((row) => row.orderKey).sort()).toEqual(['first', 'second']);
  });

  it('answers a repeated order key with its first reservation, without taking another place', async () => {
    const net = network({
      slotMinutes: 30,
      capacity: 1,
      opening: [{ days: ['FRI'], from: '14:00', to: '15:00' }],
    });
    const db = database.current.db;
    await reserve(db, net, SLOT, 'same-order');
    await expect(reserve(db, net, SLOT, 'same-order')).resolves.toMatchObject({ orderKey: 'same-order' });
    expect(await codeOf(reserve(db, net, '2026-11-27T13:30:00.000Z', 'same-order'))).toBe('INVALID_REQUEST');
    const [counter] = await db
      .select()
      .from(collectSlotCounters)
      .where(eq(collectSlotCounters.networkId, net.id));
    expect(counter?.reserved).toBe(1);
  });

  it('gives the place back on release, once', async () => {
    const net = network({
      slotMinutes: 30,
      capacity: 1,
      opening: [{ days: ['FRI'], from: '14:00', to: '15:00' }],
    });
    const db = database.current.db;
    await reserve(db, net, SLOT, 'cancelled');
    expect(await codeOf(reserve(db, net, SLOT, 'waiting'))).toBe('COLLECT_SLOT_FULL');
    expect(await db.transaction((tx) => releaseCollectSlot(tx, { orderKey: 'cancelled' }))).toBe(true);
    expect(await db.transaction((tx) => releaseCollectSlot(tx, { orderKey: 'cancelled' }))).toBe(false);
    await reserve(db, net, SLOT, 'waiting');
    const [counter] = await db
      .select()
      .from(collectSlotCounters)
      .where(eq(collectSlotCounters.networkId, net.id));
    expect(counter?.reserved).toBe(1);
  });

  it('takes nothing when the order rolls back', async () => {
    const net = network({
      slotMinutes: 30,
      capacity: 1,
      opening: [{ days: ['FRI'], from: '14:00', to: '15:00' }],
    });
    const db = database.current.db;
    const rolledBack = db.transaction(async (tx) => {
      await reserveCollectSlot(tx, {
        network: net,
        siteId: HOTEL_DE_VILLE,
        slotStart: SLOT,
        orderKey: 'failed',
        now: NOW,
      });
      throw new Error('payment refused');
    });
    await expect(rolledBack).rejects.toThrow('payment refused');
    await expect(reserve(db, net, SLOT, 'next')).resolves.toMatchObject({ orderKey: 'next' });
  });

  it('CHK-06 CHK-05 refuses a slot within 72 hours, a time that is no slot and an unknown agency', async () => {
    const net = network();
    const db = database.current.db;
    expect(await codeOf(reserve(db, net, '2026-11-25T09:00:00.000Z', 'too-soon'))).toBe('INVALID_REQUEST');
    expect(await codeOf(reserve(db, net, '2026-11-27T13:10:00.000Z', 'between'))).toBe('INVALID_REQUEST');
    expect(await codeOf(reserve(db, net, '2026-11-28T09:00:00.000Z', 'saturday'))).toBe('INVALID_REQUEST');
    expect(await codeOf(reserve(db, net, SLOT, 'unknown-site', 99))).toBe('COLLECT_AGENCY_MISSING');
    const rows = await db
      .select()
      .from(collectSlotReservations)
      .where(eq(collectSlotReservations.networkId, net.id));
    expect(rows).toEqual([]);
  });

  it('never fills a slot beyond its capacity under 40 concurrent orders (capacity 5: exactly 5)', async () => {
    const net = network({
      slotMinutes: 30,
      capacity: 5,
      opening: [{ days: ['FRI'], from: '14:00', to: '15:00' }],
    });
    const db = database.current.db;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => codeOf(reserve(db, net, SLOT, `concurrent-${i}`))),
    );
    expect(outcomes.filter((outcome) => outcome === 'resolved')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'COLLECT_SLOT_FULL')).toHaveLength(35);
    const [counter] = await db
      .select()
      .from(collectSlotCounters)
      .where(
        and(eq(collectSlotCounters.networkId, net.id), eq(collectSlotCounters.slotStart, new Date(SLOT))),
      );
    expect(counter?.reserved).toBe(5);
    const rows = await db
      .select()
      .from(collectSlotReservations)
      .where(eq(collectSlotReservations.networkId, net.id));
    expect(rows).toHaveLength(5);
  });
});

describe('Collect/getSlots.json', () => {
  const testApp = useTestApp();

  it('CHK-05 CHK-06 answers the slots of a Lumière agency from the earliest start, in the network time zone', async () => {
    const answer = collectSlotsAnswerSchema.parse(
      await okOf(await testApp.current.call(getCollectSlotsCall, { networkId: 101, siteId: HOTEL_DE_VILLE })),
    );
    expect(answer).toMatchObject({
      siteId: HOTEL_DE_VILLE,
      timeZone: 'Europe/Paris',
      slotMinutes: 30,
      earliestStart: '2026-11-26T09:00:00.000Z',
    });
    expect(answer.slots[0]?.start).toBe('2026-11-26T09:00:00.000Z');
    expect(answer.slots.every((slot) => slot.start >= answer.earliestStart && slot.remaining === 4)).toBe(
      true,
    );
    const later = collectSlotsAnswerSchema.parse(
      await okOf(
        await testApp.current.call(getCollectSlotsCall, { networkId: 101, siteId: 13, from: '2026-12-07' }),
      ),
    );
    expect(later.slots[0]).toMatchObject({ start: '2026-12-07T07:00:00.000Z', capacity: 3 });
  });

  it('refuses an unknown agency, a bad date and an unknown field', async () => {
    const unknownSite = await testApp.current.call(getCollectSlotsCall, { networkId: 101, siteId: 21 });
    expect(unknownSite.status).toBe(400);
    expect((await koOf(unknownSite)).code).toBe('COLLECT_AGENCY_MISSING');
    const badDate = await testApp.current.call(getCollectSlotsCall, {
      networkId: 101,
      siteId: 12,
      from: '2026-13-01',
    });
    expect((await koOf(badDate)).code).toBe('INVALID_REQUEST');
    const extra = await testApp.current.call(getCollectSlotsCall, { networkId: 101, siteId: 12, days: 30 });
    expect((await koOf(extra)).code).toBe('INVALID_REQUEST');
  });
});
