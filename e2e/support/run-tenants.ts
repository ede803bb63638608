// The tenants folder the platform under test serves: a copy of the repository's tenants/ in the
// run's own temporary folder, watched by the platform (decision 0025), so a test may add a network
// to it while the platform runs without ever writing into the repository.
//
// The copy's maintenance alerts are those of one fixed instant (decision 0035): an alert the
// repository's files show then is shown throughout the run, the others are left out. What the
// suite sees never depends on the day it runs; tests of alert windows write alerts of their own.
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlertDisplayed } from '@transit-shop/sdk/alerts/alert-rules';

const repositoryTenants = join(import.meta.dirname, '..', '..', 'tenants');

/** The instant whose alerts the run shows (Lumière's winter works, a WARNING, are live then). */
export const RUN_ALERTS_INSTANT = new Date('2026-12-10T12:00:00Z');

type DatedAlert = { displayAfter?: string | null; displayBefore?: string | null };

function alertsOfInstant<T extends DatedAlert>(alerts: readonly T[]): T[] {
  return alerts
    .filter((alert) =>
      isAlertDisplayed(
        { displayAfter: alert.displayAfter ?? null, displayBefore: alert.displayBefore ?? null },
        RUN_ALERTS_INSTANT,
      ),
    )
    .map((alert) => ({ ...alert, displayAfter: null, displayBefore: null }));
}

function rewriteJson(file: string, change: (json: Record<string, unknown>) => void): void {
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

function pinAlerts(dir: string): void {
  rewriteJson(join(dir, 'global-alerts.json'), (json) => {
    json.alerts = alertsOfInstant((json.alerts as DatedAlert[] | undefined) ?? []);
  });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    rewriteJson(join(dir, entry.name, 'network.json'), (json) => {
      if (Array.isArray(json.maintenanceAlerts))
        json.maintenanceAlerts = alertsOfInstant(json.maintenanceAlerts as DatedAlert[]);
    });
  }
}

/** The run's tenants folder inside `runDir`, copied from the repository's on the first call. */
export function runTenantsDir(runDir: string): string {
  const dir = join(runDir, 'tenants');
  if (!existsSync(dir)) {
    cpSync(repositoryTenants, dir, { recursive: true });
    pinAlerts(dir);
  }
  return dir;
}
