// A network of a test's own with the maintenance alerts it needs, added to the folder the running
// platform serves (decision 0025): written whole in a folder beside it, then moved in at once, so
// the platform never loads it without its alerts.
import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import { scaffoldNetwork } from '@transit-shop/tenancy/scaffold-network';
import { runTenantsDir } from './run-tenants.ts';

const themesDir = join(import.meta.dirname, '..', '..', 'themes');

export type TestAlert = Pick<AlertDefinition, 'id' | 'level'> &
  Partial<Pick<AlertDefinition, 'title' | 'displayAfter' | 'displayBefore' | 'flags'>> & {
    message: AlertDefinition['message'];
  };

/** Adds network `slug` (in English; domain `<slug>.localhost`) with `alerts`. */
export async function addNetworkWithAlerts(options: {
  slug: string;
  id: number;
  alerts: readonly TestAlert[];
  theme?: string;
}): Promise<void> {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable (playwright.config.ts)
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is set by playwright.config.ts');
  const workDir = await mkdtemp(join(runDir, `${options.slug}-`));
  const folder = await scaffoldNetwork({
    tenantsDir: workDir,
    themesDir,
    slug: options.slug,
    name: `Alert test ${options.slug}`,
    id: options.id,
    domain: `${options.slug}.localhost`,
    languages: ['en'],
    ...(options.theme ? { theme: options.theme } : {}),
  });
  const file = join(folder, 'network.json');
  const network = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  network.maintenanceAlerts = options.alerts.map((alert) => ({
    flags: [],
    displayAfter: null,
    displayBefore: null,
    displayed: true,
    ...alert,
  }));
  await writeFile(file, `${JSON.stringify(network, null, 2)}\n`);
  await rename(folder, join(runTenantsDir(runDir), options.slug));
}
