// The workspace layers (DESIGN.md "The parts"): biome.json's per-workspace restricted imports report an
// import of a workspace a layer may not use, and every package.json declares only what its layer
// may import. Run by `npm test` (scripts/test-all.mjs) with `node --test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Workspaces a workspace's tests alone may use, each with the one test file biome.json lets import it. */
const TEST_ONLY_WORKSPACES = { 'platform/ticket-api': ['@transit-shop/flows'] };

/** The layer table as biome.json holds it: workspace folder -> the workspaces it may import. */
function layerTable() {
  const { overrides } = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  const table = new Map();
  for (const override of overrides) {
    // A workspace's own row; the web's finer rows (features, lib) repeat it.
    if (!/^(packages|platform)\/[a-z-]+\/\*\*$/.test(override.includes[0])) continue;
    for (const pattern of override.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? []) {
      if (!pattern.message.startsWith('Workspace layers')) continue;
      const [folder] = override.includes[0].split('/**');
      const allowed = pattern.group
        .filter((entry) => /^!@transit-shop\/[a-z-]+$/.test(entry))
        .map((entry) => entry.slice('!@transit-shop/'.length));
      table.set(folder, allowed);
    }
  }
  return table;
}

/** Biome's verdict on a file put in a workspace for the time of the check. */
function lintProbe(folder, source) {
  const file = join(root, folder, 'src', `layers-probe-${randomBytes(4).toString('hex')}.ts`);
  writeFileSync(file, source);
  try {
    const { status, stdout, stderr } = spawnSync(
      'npx',
      ['biome', 'lint', '--only=style/noRestrictedImports', '--colors=off', file],
      { cwd: root, encoding: 'utf8' },
    );
    return { status, output: stdout + stderr };
  } finally {
    rmSync(file, { force: true });
  }
}

test('every workspace has its row in the layer table', () => {
  const table = layerTable();
  const workspaces = ['packages', 'platform'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => `${group}/${name}`),
  );
  assert.deepEqual([...table.keys()].sort(), workspaces.sort());
});

test("each package.json declares only the workspaces its layer may import (a test setup's kit aside)", () => {
  for (const [folder, allowed] of layerTable()) {
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
    const declared = Object.keys(manifest.dependencies ?? {})
      .filter((name) => name.startsWith('@transit-shop/'))
      .map((name) => name.slice('@transit-shop/'.length));
    assert.deepEqual(
      declared.filter((name) => !allowed.includes(name)),
      [],
      `${folder}/package.json declares a workspace its layer may not import`,
    );
    // Development dependencies serve the tests' setup (vitest.config.ts names the kit as a string),
    // and the ticket API's cart rules' agreement test, which runs the browser's cart machine
    // (decision 0039; biome.json allows that one file).
    const testOnly = TEST_ONLY_WORKSPACES[folder] ?? [];
    const tooling = Object.keys(manifest.devDependencies ?? {}).filter(
      (name) =>
        name.startsWith('@transit-shop/') && name !== '@transit-shop/service-kit' && !testOnly.includes(name),
    );
    assert.deepEqual(tooling, [], `${folder}/package.json has a workspace as a development dependency`);
  }
});

test('the ticket API importing the flows or the web app is reported; the sdk is not', () => {
  const flows = lintProbe(
    'platform/ticket-api',
    "import { cartMachine } from '@transit-shop/flows/cart/cart.machine';\nexport const probe = cartMachine;\n",
  );
  assert.notEqual(flows.status, 0);
  assert.match(flows.output, /Workspace layers .*platform\/ticket-api imports sdk, service-kit, tenancy/);

  const web = lintProbe(
    'platform/ticket-api',
    "import { paths } from '../../web/src/config/paths.ts';\nexport const probe = paths;\n",
  );
  assert.notEqual(web.status, 0);
  assert.match(web.output, /noRestrictedImports/);

  const sdk = lintProbe(
    'platform/ticket-api',
    "import { LOCALES } from '@transit-shop/sdk/locales';\nexport const probe = LOCALES;\n",
  );
  assert.equal(sdk.status, 0, sdk.output);
});

test('the sdk importing any workspace, and the tenant service importing the ticket API, are reported', () => {
  const sdk = lintProbe(
    'packages/sdk',
    "import { loadTenants } from '@transit-shop/tenancy/load-tenants';\nexport const probe = loadTenants;\n",
  );
  assert.notEqual(sdk.status, 0);
  assert.match(sdk.output, /packages\/sdk imports no other workspace/);

  const tenantService = lintProbe(
    'platform/tenant-service',
    "import { createApp } from '../../ticket-api/src/app.ts';\nexport const probe = createApp;\n",
  );
  assert.notEqual(tenantService.status, 0);
  assert.match(tenantService.output, /noRestrictedImports/);
});
