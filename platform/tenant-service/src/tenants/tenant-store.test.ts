import { once } from 'node:events';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReloadOutcome, TenantStore } from '@transit-shop/tenancy/tenant-store';
import { type TenantWatcher, watchTenants } from '@transit-shop/tenancy/watch-tenants';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFixture,
  FIXTURE_NETWORKS,
  type FixtureDirs,
  removeFixture,
  writeNetwork,
} from '../test-support/fixtures.ts';
import { bootstrapOf } from '../test-support/html.ts';
import { ERROR, startService } from '../test-support/service.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A service on its own fixture folders, watching them as main.ts does. */
async function watchedService() {
  const dirs = await createFixture();
  cleanups.push(() => removeFixture(dirs));
  const service = await startService(dirs);
  const watcher: TenantWatcher = await watchTenants({
    dirs: [dirs.tenantsDir, dirs.themesDir],
    onChange: () => void service.store.reload(),
    logger: service.logger,
  });
  cleanups.push(() => watcher.close());
  return { dirs, ...service };
}

const nextReload = (service: { store: TenantStore }) =>
  once(service.store, 'reloaded').then(([outcome]) => outcome as ReloadOutcome);

/** Rewrites a network file atomically (written aside, then renamed over), so no reload sees half a file. */
async function editNetwork(dirs: FixtureDirs, slug: string, edit: (file: Record<string, unknown>) => void) {
  const path = join(dirs.tenantsDir, slug, 'network.json');
  const file = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  edit(file);
  const aside = join(dirs.root, `${slug}-network.json`);
  await writeFile(aside, JSON.stringify(file, null, 2));
  await rename(aside, path);
}

const nameServed = async (service: Awaited<ReturnType<typeof watchedService>>, host: string) => {
  const response = await service.get(host, '/en/');
  return response.status === 200 ? bootstrapOf(await response.text()).network.name : response.status;
};

describe('hot reload of tenant files', () => {
  it('serves an edited network name after the reload, without a restart', async () => {
    const service = await watchedService();
    expect(await nameServed(service, 'alpha.localhost')).toBe('Alpha Transit');
    const reloaded = nextReload(service);
    await editNetwork(service.dirs, 'alpha', (file) => {
      file.name = 'Alpha Transit Renamed';
    });
    expect(await reloaded).toMatchObject({ applied: true, kept: [], problems: [] });
    expect(await nameServed(service, 'alpha.localhost')).toBe('Alpha Transit Renamed');
    const configuration = await service.get('x.example', '/api/Networks/getNetworkConfiguration.json?id=201');
    expect(await configuration.json()).toMatchObject({ response: { name: 'Alpha Transit Renamed' } });
    expect(service.store.reloadCount).toBeGreaterThanOrEqual(1);
  });

  it('refuses an invalid edit with a logged error; the last valid configuration keeps serving', async () => {
    const service = await watchedService();
    await nameServed(service, 'alpha.localhost');
    const reloaded = nextReload(service);
    await editNetwork(service.dirs, 'alpha', (file) => {
      file.name = 'Alpha Broken';
      file.currency = 'euro';
      file.theme = { id: 'no-such-theme' };
    });
    const outcome = await reloaded;
    expect(outcome.kept).toEqual(['alpha']);
    expect(outcome.problems.length).toBeGreaterThan(0);
    expect(await nameServed(service, 'alpha.localhost')).toBe('Alpha Transit');
    expect(await nameServed(service, 'beta.localhost')).toBe('Beta Bus');
    const errors = service.logs.filter((line) => line.level === ERROR);
    const problem = errors.find((line) => line.field === 'currency');
    expect(problem?.file).toMatch(/alpha[\\/]network\.json$/);
    expect(problem?.msg).toContain('currency');
    expect(errors.some((line) => /last valid version/.test(line.msg))).toBe(true);

    // Fixing the file (replaced a second time) serves the new version.
    const fixed = nextReload(service);
    await editNetwork(service.dirs, 'alpha', (file) => {
      file.currency = 'EUR';
      file.theme = { id: 'harbour' };
    });
    expect(await fixed).toMatchObject({ applied: true, kept: [] });
    expect(await nameServed(service, 'alpha.localhost')).toBe('Alpha Broken');
  });

  it('makes an added network folder reachable and a removed one disappear', async () => {
    const service = await watchedService();
    expect(await nameServed(service, 'delta.localhost')).toBe(404);
    // Written aside then moved in, as a deployment would, so the reload sees the whole folder.
    const staging = await mkdtemp(join(service.dirs.root, 'staging-'));
    await writeNetwork(staging, {
      slug: 'delta',
      file: { ...FIXTURE_NETWORKS.beta.file, id: 204, name: 'Delta Trams', domains: ['delta.localhost'] },
    });
    const added = nextReload(service);
    await rename(join(staging, 'delta'), join(service.dirs.tenantsDir, 'delta'));
    expect(await added).toMatchObject({ applied: true, added: ['delta'] });
    expect(await nameServed(service, 'delta.localhost')).toBe('Delta Trams');
    expect(await (await service.get('x.example', '/healthz')).json()).toEqual({ status: 'ok', networks: 4 });

    const removed = nextReload(service);
    await rm(join(service.dirs.tenantsDir, 'beta'), { recursive: true });
    expect(await removed).toMatchObject({ applied: true, removed: ['beta'] });
    expect(await nameServed(service, 'beta.localhost')).toBe(404);
  });

  it('refuses a whole reload whose networks cannot be served together', async () => {
    const dirs = await createFixture();
    cleanups.push(() => removeFixture(dirs));
    const service = await startService(dirs);
    // alpha becomes invalid (kept at alpha.localhost) while beta validly claims alpha.localhost.
    await editNetwork(dirs, 'alpha', (file) => {
      file.currency = 'euro';
    });
    await editNetwork(dirs, 'beta', (file) => {
      file.name = 'Beta Bus Renamed';
      file.domains = ['alpha.localhost'];
    });
    const outcome = await service.store.reload();
    expect(outcome.applied).toBe(false);
    expect(service.store.reloadCount).toBe(0);
    expect(await nameServed({ ...service, dirs }, 'alpha.localhost')).toBe('Alpha Transit');
    expect(await nameServed({ ...service, dirs }, 'beta.localhost')).toBe('Beta Bus');
    expect(service.logs.some((line) => line.level === ERROR && /refused/.test(line.msg))).toBe(true);
  });

  it('shares one reload between requests made before it starts reading', async () => {
    const dirs = await createFixture();
    cleanups.push(() => removeFixture(dirs));
    const service = await startService(dirs);
    const first = service.store.reload();
    const second = service.store.reload();
    expect(second).toBe(first);
    expect((await first).applied).toBe(true);
    expect(service.store.reloadCount).toBe(1);
    await service.store.reload();
    expect(service.store.reloadCount).toBe(2);
  });
});
