// The maintenance alerts of a registry indexed by channel, so the beacon answers with map lookups.
import {
  type AlertDefinition,
  channelsOf,
  type MaintenanceAlert,
} from '@transit-shop/sdk/alerts/alert.schema';
import type { TenantRegistry } from '@transit-shop/tenancy';

type Published = { definition: AlertDefinition; alert: MaintenanceAlert };
export type AlertIndex = ReadonlyMap<string, readonly Published[]>;

export function buildAlertIndex(registry: TenantRegistry): AlertIndex {
  const index = new Map<string, Published[]>();
  const publish = (definition: AlertDefinition, networkId: number | null) => {
    for (const channel of channelsOf(definition, networkId)) {
      const list = index.get(channel) ?? [];
      list.push({ definition, alert: { ...definition, channel } });
      index.set(channel, list);
    }
  };
  for (const definition of registry.globalAlerts) publish(definition, null);
  for (const { network } of registry.all()) {
    for (const definition of network.config.maintenanceAlerts) publish(definition, network.config.id);
  }
  return index;
}

/**
 * ALERT-07: the alerts published on the requested channels, each once, carrying the first
 * requested channel it is published on. Display windows are left to the client (decision 0004).
 */
export function alertsForChannels(
  index: AlertIndex,
  channels: readonly string[],
  displayedOnly: boolean,
): MaintenanceAlert[] {
  const seen = new Set<AlertDefinition>();
  const payload: MaintenanceAlert[] = [];
  for (const channel of channels) {
    for (const { definition, alert } of index.get(channel) ?? []) {
      if (seen.has(definition) || (displayedOnly && !definition.displayed)) continue;
      seen.add(definition);
      payload.push(alert);
    }
  }
  return payload;
}

/** The alerts a network's pages can show (global ones included), for the bootstrap's first paint. */
export function alertsOfNetwork(registry: TenantRegistry, networkId: number): MaintenanceAlert[] {
  const alerts: MaintenanceAlert[] = [];
  const add = (definition: AlertDefinition, id: number | null) => {
    const [channel] = channelsOf(definition, id);
    if (definition.displayed && channel) alerts.push({ ...definition, channel });
  };
  for (const definition of registry.globalAlerts) add(definition, null);
  for (const definition of registry.byId(networkId)?.network.config.maintenanceAlerts ?? [])
    add(definition, networkId);
  return alerts;
}
