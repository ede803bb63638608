import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import { describe, expect, it } from 'vitest';
import { hostNameOf, TenantRegistry } from './registry.ts';
import type { LoadedNetwork } from './types.ts';

function fakeNetwork(slug: string, id: number, domains: string[]): LoadedNetwork {
  return {
    network: { slug, config: { id, domains } },
    theme: {},
    logoPath: '',
    files: [],
  } as unknown as LoadedNetwork;
}

function build(networks: LoadedNetwork[], alerts: AlertDefinition[] = []) {
  const built = TenantRegistry.build(networks, alerts);
  if (!('registry' in built)) throw new Error(JSON.stringify(built.problems));
  return built.registry;
}

describe('tenant registry', () => {
  const a = fakeNetwork('a', 1, ['a.localhost', 'shop.a.example']);
  const b = fakeNetwork('b', 2, ['b.localhost']);
  const registry = build([a, b]);

  it('NET-01 resolves a Host header with a port, in any case, with a trailing dot', () => {
    expect(registry.byHost('A.localhost:8080')).toBe(a);
    expect(registry.byHost('shop.a.example.')).toBe(a);
    expect(registry.byHost(' b.localhost ')).toBe(b);
    expect(registry.byHost('c.localhost')).toBeUndefined();
    expect(registry.byHost('')).toBeUndefined();
    expect(registry.byHost(undefined)).toBeUndefined();
  });

  it('reduces a Host header to its host name, IPv6 included', () => {
    expect(hostNameOf('Shop.A.Example:443')).toBe('shop.a.example');
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
    expect(hostNameOf('[2001:db8::1]')).toBe('[2001:db8::1]');
  });

  it('NET-01 resolves a numeric id or a domain, and refuses an unknown one', () => {
    expect(registry.byIdOrDomain('2')).toBe(b);
    expect(registry.byIdOrDomain('a.localhost')).toBe(a);
    expect(registry.byIdOrDomain('3')).toBeUndefined();
    expect(registry.byIdOrDomain('2b')).toBeUndefined();
    expect(registry.byIdOrDomain('')).toBeUndefined();
    expect(registry.byId(1)).toBe(a);
    expect(registry.byDomain('SHOP.A.EXAMPLE')).toBe(a);
    expect(registry.bySlug('b')).toBe(b);
    expect(registry.bySlug('c')).toBeUndefined();
    expect(registry.all()).toEqual([a, b]);
  });

  it('holds the global alerts it was built with', () => {
    const alert = { id: 'g', level: 'INFO', flags: [], message: { fr: 'x' } } as unknown as AlertDefinition;
    expect(build([a], [alert]).globalAlerts).toEqual([alert]);
  });

  it('reports a duplicate id and a duplicate domain instead of building', () => {
    const built = TenantRegistry.build([
      fakeNetwork('a', 1, ['a.localhost']),
      fakeNetwork('b', 1, ['a.localhost']),
    ]);
    expect('problems' in built && built.problems).toEqual([
      { file: 'tenants/b/network.json', field: 'id', message: 'id 1 is also used by a' },
      {
        file: 'tenants/b/network.json',
        field: 'domains.0',
        message: 'domain a.localhost is also used by a',
      },
    ]);
  });

  it('NET-01 finds a network among 1,000 by host, id and domain', () => {
    const many = build(
      Array.from({ length: 1000 }, (_, i) => fakeNetwork(`n${i}`, i + 1, [`n${i}.localhost`])),
    );
    expect(many.byHost('n777.localhost:80')?.network.config.id).toBe(778);
    expect(many.byIdOrDomain('1000')?.network.slug).toBe('n999');
    expect(many.byIdOrDomain('n0.localhost')?.network.config.id).toBe(1);
    expect(many.byHost('n1000.localhost')).toBeUndefined();
    expect(many.all()).toHaveLength(1000);
  });
});
