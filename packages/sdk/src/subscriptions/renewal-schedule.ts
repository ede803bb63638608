// When a tacit subscription renews, on the network's clock (decision 0043). Its periods follow one
// another from the first one bought, each as an article of its item would cover it
// (catalogue/validity-period.ts): whole months from the 1st for a month pivot, whole weeks from a
// Monday, so many days from a start slot. Period n is counted from the first period's start, never
// from the previous one, so nothing drifts across month ends, leap years or changes of clocks. A
// renewal is announced some days before its date, charged three days before it at 06:00, and a
// refused charge tried again each day at 06:00 up to the renewal date itself.

import { type ValidityPeriod, validityPeriodOf } from '../catalogue/validity-period.ts';
import type { PivotType } from '../contract/catalogue.ts';
import {
  addCalendarDays,
  addCalendarMonths,
  addNetworkDays,
  calendarDaysBetween,
  instantAt,
  networkToday,
  startOfNetworkDay,
  wallClockOf,
} from '../time/network-clock.ts';

/** What the schedule reads of the item subscribed to. */
export type RenewedItem = { readonly pivotType: PivotType; readonly pivotValue: number };

/** The first period's start as its article carried it: a month (month pivot), else an instant. */
export type PeriodStart = { readonly startMonth: string | null; readonly startingAt: string | null };

/** Ours: a renewal is charged this many days before the period it pays starts. */
export const BILLING_LEAD_DAYS = 3;
/** Ours: charges are made at this hour of the network's clock. */
export const BILLING_HOUR = 6;
/** Ours: notices go at this hour of the network's clock. */
export const NOTICE_HOUR = 9;
/**
 * Ours: a refused charge is tried again 1, 2 and 3 days after the first try (the last on the
 * renewal date itself); after the fourth refusal the subscription is blocked.
 */
export const RETRY_AFTER_DAYS = [1, 2, 3] as const;
export const CHARGE_TRIES = RETRY_AFTER_DAYS.length + 1;

const atHour = (date: string, hour: number, timeZone: string) =>
  instantAt(date, `${String(hour).padStart(2, '0')}:00`, timeZone);

/** The start of period `n` (0 is the one bought), as an article of the item would carry it. */
export function periodStartOf(
  item: RenewedItem,
  first: PeriodStart,
  n: number,
  timeZone: string,
): PeriodStart {
  if (item.pivotType === 'MONTH_PIVOT') {
    const month =
      first.startMonth ??
      (first.startingAt ? wallClockOf(Date.parse(first.startingAt), timeZone).date.slice(0, 7) : null);
    if (!month) throw new Error('a month subscription without a start month');
    return {
      startMonth: addCalendarMonths(`${month}-01`, n * item.pivotValue).slice(0, 7),
      startingAt: null,
    };
  }
  if (!first.startingAt) throw new Error('a subscription without a start instant');
  const from = Date.parse(first.startingAt);
  if (item.pivotType === 'WEEK_PIVOT') {
    const monday = wallClockOf(from, timeZone).date;
    const date = addCalendarDays(monday, 7 * item.pivotValue * n);
    return { startMonth: null, startingAt: startOfNetworkDay(date, timeZone).toISOString() };
  }
  return { startMonth: null, startingAt: addNetworkDays(from, item.pivotValue * n, timeZone).toISOString() };
}

/** The period `n` covers. */
export function periodValidityOf(
  item: RenewedItem,
  first: PeriodStart,
  n: number,
  timeZone: string,
): ValidityPeriod {
  const validity = validityPeriodOf(item, periodStartOf(item, first, n, timeZone), timeZone);
  if (!validity) throw new Error(`no validity for period ${n}`);
  return validity;
}

/** The first day of a period on the network's calendar. */
export function firstDayOf(validity: ValidityPeriod, timeZone: string): string {
  return validity.kind === 'DAYS' ? validity.from : wallClockOf(Date.parse(validity.from), timeZone).date;
}

/** The last day a period covers on the network's calendar. */
export function lastDayOf(validity: ValidityPeriod, timeZone: string): string {
  if (validity.kind === 'DAYS') return validity.to;
  // Instants, the end excluded: a period ending at midnight covers the day before.
  return wallClockOf(Date.parse(validity.to) - 1, timeZone).date;
}

/** How many calendar days a period covers. */
export function daysOf(validity: ValidityPeriod, timeZone: string): number {
  return calendarDaysBetween(firstDayOf(validity, timeZone), lastDayOf(validity, timeZone)) + 1;
}

/** When period `n` is first charged: BILLING_LEAD_DAYS before its first day, at BILLING_HOUR. */
export function billingInstantOf(validity: ValidityPeriod, timeZone: string): Date {
  return atHour(addCalendarDays(firstDayOf(validity, timeZone), -BILLING_LEAD_DAYS), BILLING_HOUR, timeZone);
}

/**
 * When a refused charge is tried again: the `tries`-th try was refused (1 for the first); null when
 * it was the last one.
 */
export function retryInstantOf(validity: ValidityPeriod, tries: number, timeZone: string): Date | null {
  const after = RETRY_AFTER_DAYS[tries - 1];
  if (after === undefined) return null;
  const firstTry = addCalendarDays(firstDayOf(validity, timeZone), -BILLING_LEAD_DAYS);
  return atHour(addCalendarDays(firstTry, after), BILLING_HOUR, timeZone);
}

/**
 * When a period's notice goes: `noticeDays` before its first day at NOTICE_HOUR, but never more
 * than half of the period before it, and always at least a day before the first charge it announces
 * (a weekly pass is announced 4 days ahead, a day before its charge).
 */
export function noticeInstantOf(
  renewed: ValidityPeriod,
  previous: ValidityPeriod,
  noticeDays: number,
  timeZone: string,
): Date {
  const lead = Math.max(1, Math.min(noticeDays, Math.floor(daysOf(previous, timeZone) / 2)));
  const date = addCalendarDays(firstDayOf(renewed, timeZone), -Math.max(lead, BILLING_LEAD_DAYS + 1));
  return atHour(date, NOTICE_HOUR, timeZone);
}

/** The index of the period that covers `date` (YYYY-MM-DD), or the next one when none does yet. */
export function periodIndexOn(item: RenewedItem, first: PeriodStart, date: string, timeZone: string): number {
  let n = 0;
  // Periods are at least a week long: a few years of them are walked at most.
  while (lastDayOf(periodValidityOf(item, first, n, timeZone), timeZone) < date) n += 1;
  return n;
}

/** The network's calendar day at `now`. */
export const todayOn = (now: Date, timeZone: string) => networkToday(timeZone, now);
