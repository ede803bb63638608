// The demo networks as their tenant files describe them, so tests follow the files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLocale, type Locale, reduceLanguageCode } from '@transit-shop/sdk/locales';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import { runTenantsDir } from './run-tenants.ts';

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
    /** A new account counts as verified at once on a network with a default provider (AUTH-12). */
    hasDefaultProvider: network.config.authenticationProviders.some((provider) => provider.isDefault),
    light: theme.colorSchemes.light,
    dark: theme.colorSchemes.dark,
  }));
}

/**
 * The tenants folder the platform serves in this run (a network may be added to it while the
 * platform runs, tenant-onboarding.spec.ts), else the repository's.
 */
function servedTenantsDir(): string {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable (playwright.config.ts)
  const runDir = process.env.E2E_RUN_DIR;
  return runDir ? runTenantsDir(runDir) : join(root, 'tenants');
}

/** A network's default language, from its file (read at once: address helpers need it). */
export function defaultLanguageOf(slug: string): Locale {
  const file = JSON.parse(readFileSync(join(servedTenantsDir(), slug, 'network.json'), 'utf8')) as {
    defaultLanguage: string;
  };
  const language = reduceLanguageCode(file.defaultLanguage);
  if (!isLocale(language)) throw new Error(`${slug} has no shop language as its default`);
  return language;
}
