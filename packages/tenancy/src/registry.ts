// In-memory index of the loaded networks: O(1) lookup by host, domain, id or slug.
import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import type { LoadedNetwork, Problem } from './types.ts';

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

  /** Builds the index, or reports every id, slug or domain claimed by two networks. */
  static build(
    networks: readonly LoadedNetwork[],
    globalAlerts: readonly AlertDefinition[] = [],
  ): { registry: TenantRegistry } | { problems: Problem[] } {
    const registry = new TenantRegistry(networks, globalAlerts);
    const problems: Problem[] = [];
    const file = (entry: LoadedNetwork) => `tenants/${entry.network.slug}/network.json`;
    for (const entry of networks) {
      const { id, domains } = entry.network.config;
      const sameId = registry.ids.get(id);
      if (sameId)
        problems.push({
          file: file(entry),
          field: 'id',
          message: `id ${id} is also used by ${sameId.network.slug}`,
        });
      else registry.ids.set(id, entry);
      registry.slugs.set(entry.network.slug, entry);
      domains.forEach((domain, index) => {
        const owner = registry.domains.get(domain);
        if (owner && owner !== entry) {
          problems.push({
            file: file(entry),
            field: `domains.${index}`,
            message: `domain ${domain} is also used by ${owner.network.slug}`,
          });
        } else registry.domains.set(domain, entry);
      });
    }
    return problems.length > 0 ? { problems } : { registry };
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
