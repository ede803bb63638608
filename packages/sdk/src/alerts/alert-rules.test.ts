import { describe, expect, it } from 'vitest';
import type { AlertDefinition } from './alert.schema.ts';
import {
  alertText,
  compareAlerts,
  isAlertDisplayed,
  selectFlagAlert,
  selectGlobalAlert,
  sortAlerts,
} from './alert-rules.ts';

const alert = (overrides: Partial<AlertDefinition>): AlertDefinition => ({
  id: overrides.id ?? 'a',
  level: 'INFO',
  flags: [],
  displayAfter: null,
  displayBefore: null,
  displayed: true,
  message: { en: 'message' },
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('alert display window', () => {
  it('ALERT-01 without displayAfter nor displayBefore an alert always shows', () => {
    expect(isAlertDisplayed(alert({}), at('1970-01-01T00:00:00Z'))).toBe(true);
    expect(isAlertDisplayed(alert({}), at('2999-01-01T00:00:00Z'))).toBe(true);
  });

  it('ALERT-02 with only displayAfter it shows from then on', () => {
    const a = alert({ displayAfter: '2026-12-01T00:00:00Z' });
    expect(isAlertDisplayed(a, at('2026-11-30T23:59:59.999Z'))).toBe(false);
    expect(isAlertDisplayed(a, at('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isAlertDisplayed(a, at('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('ALERT-03 with only displayBefore it shows until then', () => {
    const a = alert({ displayBefore: '2026-12-01T00:00:00Z' });
    expect(isAlertDisplayed(a, at('2020-01-01T00:00:00Z'))).toBe(true);
    expect(isAlertDisplayed(a, at('2026-11-30T23:59:59.999Z'))).toBe(true);
    expect(isAlertDisplayed(a, at('2026-12-01T00:00:00Z'))).toBe(false);
  });

  it('ALERT-04 with both it shows between them', () => {
    const a = alert({
      displayAfter: '2026-12-01T00:00:00+01:00',
      displayBefore: '2026-12-24T00:00:00+01:00',
    });
    expect(isAlertDisplayed(a, at('2026-11-30T22:59:59Z'))).toBe(false);
    expect(isAlertDisplayed(a, at('2026-11-30T23:00:00Z'))).toBe(true);
    expect(isAlertDisplayed(a, at('2026-12-23T22:59:59Z'))).toBe(true);
    expect(isAlertDisplayed(a, at('2026-12-23T23:00:00Z'))).toBe(false);
  });
});

describe('alert order and selection', () => {
  it('ALERT-05 sorts by level then the most recent displayAfter', () => {
    const sorted = sortAlerts([
      alert({ id: 'info', level: 'INFO' }),
      alert({ id: 'warning-old', level: 'WARNING', displayAfter: '2026-01-01T00:00:00Z' }),
      alert({ id: 'critical', level: 'CRITICAL' }),
      alert({ id: 'warning-new', level: 'WARNING', displayAfter: '2026-06-01T00:00:00Z' }),
      alert({ id: 'warning-none', level: 'WARNING' }),
      alert({ id: 'notice', level: 'NOTICE' }),
      alert({ id: 'danger', level: 'DANGER' }),
    ]);
    expect(sorted.map((a) => a.id)).toEqual([
      'critical',
      'danger',
      'warning-new',
      'warning-old',
      'warning-none',
      'notice',
      'info',
    ]);
  });

  it('ALERT-05 keeps the given order when level and displayAfter tie', () => {
    const same = '2026-06-01T00:00:00Z';
    expect(compareAlerts(alert({ displayAfter: same }), alert({ displayAfter: same }))).toBe(0);
    expect(compareAlerts(alert({}), alert({}))).toBe(0);
    expect(compareAlerts(alert({ displayAfter: same }), alert({}))).toBeLessThan(0);
    const sorted = sortAlerts([
      alert({ id: 'first', level: 'NOTICE', displayAfter: same }),
      alert({ id: 'second', level: 'NOTICE', displayAfter: same }),
      alert({ id: 'newer', level: 'NOTICE', displayAfter: '2026-06-01T00:00:00.001Z' }),
    ]);
    expect(sorted.map((a) => a.id)).toEqual(['newer', 'first', 'second']);
  });

  it('ALERT-06 the global alert is the top displayed alert without flags; a flag alert the top one with the flag', () => {
    const now = at('2026-12-10T00:00:00Z');
    const alerts = [
      alert({ id: 'order-critical', level: 'CRITICAL', flags: ['ORDER'] }),
      alert({ id: 'expired-danger', level: 'DANGER', displayBefore: '2026-12-01T00:00:00Z' }),
      alert({ id: 'global-warning', level: 'WARNING' }),
      alert({ id: 'global-info', level: 'INFO' }),
      alert({ id: 'order-info', level: 'INFO', flags: ['ORDER', 'VALIDATION'] }),
    ];
    expect(selectGlobalAlert(alerts, now)?.id).toBe('global-warning');
    expect(selectFlagAlert(alerts, 'ORDER', now)?.id).toBe('order-critical');
    expect(selectFlagAlert(alerts, 'VALIDATION', now)?.id).toBe('order-info');
    expect(selectFlagAlert(alerts, 'MAINTENANCE', now)).toBeNull();
    expect(selectGlobalAlert([], now)).toBeNull();
  });

  it('picks the text of the locale, then a fallback', () => {
    expect(alertText({ fr: 'bonjour', en: 'hello' }, 'fr')).toBe('bonjour');
    expect(alertText({ fr: 'bonjour', en: 'hello' }, 'ar', ['en'])).toBe('hello');
    expect(alertText({ it: 'ciao' }, 'ar', ['en'])).toBe('ciao');
    expect(alertText(undefined, 'fr')).toBeUndefined();
  });
});
