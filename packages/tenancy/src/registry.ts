// In-memory index of the loaded networks: O(1) lookup by host, domain, id or slug.
import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import type { LoadedNetwork, Problem } from './types.ts';
import { findDuplicateClaims } from './validate.ts';

/** The host name of a Host header: lowercase, without port or IPv6 brackets, without a trailing dot. */
export function hostNameOf(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
}

export class TenantRegistry {
  readonly globalAlerts: readonly AlertDefinition[];
  private readonly networks: readonly LoadedNetwork[];
  private readonly domains = new Map<string, LoadedNetwork>();
  private readonly ids = new Map<number, LoadedNetwork>();
  private readonly slugs = new Map<string, LoadedNetwork>();

  private constructor(networks: readonly LoadedNetwork[], globalAlerts: readonly AlertDefinition[]) {
    this.networks = networks;
    this.globalAlerts = globalAlerts;
  }

  /** Builds the index, or reports every id or domain claimed by two networks. */
  static build(
    networks: readonly LoadedNetwork[],
    globalAlerts: readonly AlertDefinition[] = [],
  ): { registry: TenantRegistry } | { problems: Problem[] } {
    const { problems } = findDuplicateClaims(
      networks.map(({ network }) => ({
        slug: network.slug,
        file: `tenants/${network.slug}/network.json`,
        id: network.config.id,
        domains: network.config.domains,
      })),
    );
    if (problems.length > 0) return { problems };
    const registry = new TenantRegistry(networks, globalAlerts);
    for (const entry of networks) {
      registry.ids.set(entry.network.config.id, entry);
      registry.slugs.set(entry.network.slug, entry);
      for (const domain of entry.network.config.domains) registry.domains.set(domain, entry);
    }
    return { registry };
  }

  byHost(hostHeader: string | undefined): LoadedNetwork | undefined {
    return hostHeader ? this.domains.get(hostNameOf(hostHeader)) : undefined;
  }

  byDomain(domain: string): LoadedNetwork | undefined {
    return this.domains.get(hostNameOf(domain));
  }

  byId(id: number): LoadedNetwork | undefined {
    return this.ids.get(id);
  }

  bySlug(slug: string): LoadedNetwork | undefined {
    return this.slugs.get(slug);
  }

  /** Spec 02: a numeric value is an id, anything else a domain. */
  byIdOrDomain(value: string): LoadedNetwork | undefined {
    return /^\d+$/.test(value) ? this.byId(Number(value)) : this.byDomain(value);
  }

  all(): readonly LoadedNetwork[] {
    return this.networks;
  }
}
