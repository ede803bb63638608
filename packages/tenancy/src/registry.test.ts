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

function build(networks: LoadedNetwork[]) {
  const built = TenantRegistry.build(networks);
  if (!('registry' in built)) throw new Error(JSON.stringify(built.problems));
  return built.registry;
}

describe('tenant registry', () => {
  const registry = build([
    fakeNetwork('a', 1, ['a.localhost', 'shop.a.example']),
    fakeNetwork('b', 2, ['b.localhost']),
  ]);

  it('NET-01 resolves a Host header with a port, any case, trailing dot', () => {
    expect(registry.byHost('A.localhost:8080')?.network.slug).toBe('a');
    expect(registry.byHost('shop.a.example.')?.network.slug).toBe('a');
    expect(registry.byHost('b.localhost')?.network.slug).toBe('b');
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
  });

  it('NET-01 resolves a numeric id or a domain, and refuses an unknown one', () => {
    expect(registry.byIdOrDomain('2')?.network.slug).toBe('b');
    expect(registry.byIdOrDomain('a.localhost')?.network.slug).toBe('a');
    expect(registry.byIdOrDomain('3')).toBeUndefined();
    expect(registry.byHost('c.localhost')).toBeUndefined();
    expect(registry.byHost(undefined)).toBeUndefined();
  });

  it('reports a duplicate id and a duplicate domain', () => {
    const built = TenantRegistry.build([
      fakeNetwork('a', 1, ['a.localhost']),
      fakeNetwork('b', 1, ['a.localhost']),
    ]);
    expect('problems' in built && built.problems.map((p) => `${p.file} ${p.field}`)).toEqual([
      'tenants/b/network.json id',
      'tenants/b/network.json domains.0',
    ]);
  });

  it('finds a network among 1,000', () => {
    const many = build(
      Array.from({ length: 1000 }, (_, i) => fakeNetwork(`n${i}`, i + 1, [`n${i}.localhost`])),
    );
    expect(many.byHost('n777.localhost:80')?.network.config.id).toBe(778);
    expect(many.byId(1000)?.network.slug).toBe('n999');
  });
});
