// Which maintenance alerts show, in which order (spec 01 §4, spec 02 §4).
import type { Locale, LocalizedText } from '../locales.ts';
import { ALERT_LEVELS, type AlertDefinition } from './alert.schema.ts';

type WindowedAlert = Pick<AlertDefinition, 'level' | 'flags' | 'displayAfter' | 'displayBefore'>;

/** ALERT-01..04: from displayAfter (inclusive) until displayBefore (exclusive); open ends are unbounded. */
export function isAlertDisplayed(
  alert: Pick<AlertDefinition, 'displayAfter' | 'displayBefore'>,
  now: Date,
): boolean {
  const time = now.getTime();
  if (alert.displayAfter && time < Date.parse(alert.displayAfter)) return false;
  if (alert.displayBefore && time >= Date.parse(alert.displayBefore)) return false;
  return true;
}

/** ALERT-05: higher level first; ties go to the most recent displayAfter (none counts as oldest). */
export function compareAlerts(a: WindowedAlert, b: WindowedAlert): number {
  const byLevel = ALERT_LEVELS[b.level] - ALERT_LEVELS[a.level];
  if (byLevel !== 0) return byLevel;
  const after = (alert: WindowedAlert) =>
    alert.displayAfter ? Date.parse(alert.displayAfter) : Number.NEGATIVE_INFINITY;
  return after(b) - after(a) || 0;
}

export function sortAlerts<T extends WindowedAlert>(alerts: readonly T[]): T[] {
  return [...alerts].sort(compareAlerts);
}

/** ALERT-06: the top-sorted displayed alert without flags. */
export function selectGlobalAlert<T extends WindowedAlert>(alerts: readonly T[], now: Date): T | null {
  return (
    sortAlerts(alerts.filter((alert) => alert.flags.length === 0 && isAlertDisplayed(alert, now)))[0] ?? null
  );
}

/** ALERT-06: the top-sorted displayed alert carrying the flag. */
export function selectFlagAlert<T extends WindowedAlert>(
  alerts: readonly T[],
  flag: string,
  now: Date,
): T | null {
  return (
    sortAlerts(alerts.filter((alert) => alert.flags.includes(flag) && isAlertDisplayed(alert, now)))[0] ??
    null
  );
}

/** The text in the locale, else in the first fallback that has one, else any. */
export function alertText(
  text: LocalizedText | undefined,
  locale: Locale,
  fallbacks: readonly Locale[] = [],
): string | undefined {
  if (!text) return undefined;
  for (const candidate of [locale, ...fallbacks]) {
    const value = text[candidate];
    if (value) return value;
  }
  return Object.values(text).find(Boolean);
}
