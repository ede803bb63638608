// Which maintenance alert a served page shows (decision 0035): the network's global alert live at
// the request, so the banner takes its room in the first response instead of pushing the page down
// after hydration. Pages are rendered and kept per alert: a page kept before an alert's window
// opened is not served after it. What is live is worked out once per network until the next
// instant an alert's window opens or closes, so the page path pays a map lookup.
import type { MaintenanceAlert } from '@transit-shop/sdk/alerts/alert.schema';
import { selectGlobalAlert } from '@transit-shop/sdk/alerts/alert-rules';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { alertsOfNetwork } from '../alerts/alert-index.ts';

export type ServedAlerts = {
  /** The alerts a page of the network can show (the bootstrap's), and the id of the one live now ('' for none). */
  readonly alerts: readonly MaintenanceAlert[];
  readonly liveId: string;
};

type Known = ServedAlerts & { readonly from: number; readonly until: number };

/** The first instant after `time` at which one of the alerts' windows opens or closes. */
function nextChange(alerts: readonly MaintenanceAlert[], time: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const alert of alerts) {
    for (const edge of [alert.displayAfter, alert.displayBefore]) {
      const at = edge ? Date.parse(edge) : Number.NaN;
      if (at > time && at < next) next = at;
    }
  }
  return next;
}

/** The window before `time` in which the live alert was the same: from the last edge at or before it. */
function lastChange(alerts: readonly MaintenanceAlert[], time: number): number {
  let last = Number.NEGATIVE_INFINITY;
  for (const alert of alerts) {
    for (const edge of [alert.displayAfter, alert.displayBefore]) {
      const at = edge ? Date.parse(edge) : Number.NaN;
      if (at <= time && at > last) last = at;
    }
  }
  return last;
}

export function createServedAlerts(store: TenantStore) {
  let known = new WeakMap<LoadedNetwork, Known>();
  // Global alerts live in the registry, not in a network: any applied reload starts afresh.
  store.on('reloaded', (outcome) => {
    if (outcome.applied) known = new WeakMap();
  });
  return {
    at(network: LoadedNetwork, now: Date): ServedAlerts {
      const time = now.getTime();
      const kept = known.get(network);
      if (kept && time >= kept.from && time < kept.until) return kept;
      const alerts = alertsOfNetwork(store.registry, network.network.config.id);
      const fresh: Known = {
        alerts,
        liveId: selectGlobalAlert(alerts, now)?.id ?? '',
        from: lastChange(alerts, time),
        until: nextChange(alerts, time),
      };
      known.set(network, fresh);
      return fresh;
    },
  };
}
