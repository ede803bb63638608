// `npm run tenant:validate`: reports every problem of every tenant and theme file, exits 1 on any.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const tenantsDir = resolve(option('tenants') ?? process.env.TENANTS_DIR ?? join(root, 'tenants'));
const themesDir = resolve(option('themes') ?? process.env.THEMES_DIR ?? join(root, 'themes'));
const result = await loadTenants({ tenantsDir, themesDir });

for (const problem of result.problems) {
  console.log(`${problem.file}: ${problem.field || '(file)'}: ${problem.message}`);
}
const summary = `${result.networks.length + result.invalidSlugs.length} networks, ${result.themeCount} themes`;
if (result.problems.length > 0) {
  console.log(`${summary}: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}
console.log(`${summary}: no problems`);
