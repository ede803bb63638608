// The demo networks as their tenant files describe them, so tests follow the files.
import { join } from 'node:path';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';

const root = join(import.meta.dirname, '..', '..');

export async function loadDemoNetworks() {
  const { networks, problems } = await loadTenants({
    tenantsDir: join(root, 'tenants'),
    themesDir: join(root, 'themes'),
  });
  if (problems.length > 0) throw new Error(`demo tenant files have problems: ${JSON.stringify(problems)}`);
  return networks.map(({ network, theme }) => ({
    slug: network.slug,
    name: network.config.name,
    languages: network.config.languages,
    defaultLanguage: network.config.defaultLanguage,
    light: theme.colorSchemes.light,
    dark: theme.colorSchemes.dark,
  }));
}
