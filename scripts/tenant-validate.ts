// `npm run tenant:validate`: reports every problem of every tenant and theme file, exits 1 on any.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCardFiles } from '@transit-shop/tenancy/cards-file';
import { type LoadResult, loadTenants } from '@transit-shop/tenancy/load-tenants';
import type { Problem } from '@transit-shop/tenancy/types';
import { readVoucherFiles } from '@transit-shop/tenancy/vouchers-file';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The folders to check: --tenants/--themes flags, else TENANTS_DIR/THEMES_DIR, else the repository's. */
export function tenantFolders(argv: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const option = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index === -1 ? undefined : argv[index + 1];
  };
  return {
    tenantsDir: resolve(root, option('tenants') ?? env.TENANTS_DIR ?? 'tenants'),
    themesDir: resolve(root, option('themes') ?? env.THEMES_DIR ?? 'themes'),
  };
}

/** The report lines: one per problem, then the summary. */
export function formatReport(result: LoadResult): string[] {
  const lines = result.problems.map(
    (problem) => `${problem.file}: ${problem.field || '(file)'}: ${problem.message}`,
  );
  const networks = result.networks.length + result.invalidSlugs.length;
  const summary = `${networks} network${networks === 1 ? '' : 's'}, ${result.themeCount} theme${result.themeCount === 1 ? '' : 's'}`;
  const count = result.problems.length;
  if (count === 0) return [...lines, `${summary}: no problems`];
  const invalid = result.invalidSlugs.length > 0 ? ` (invalid: ${result.invalidSlugs.join(', ')})` : '';
  return [...lines, `${summary}: ${count} problem${count === 1 ? '' : 's'}${invalid}`];
}

/** The result with more problems: a network with any of them counts as invalid. */
function withNetworkProblems(result: LoadResult, problems: readonly Problem[]): LoadResult {
  if (problems.length === 0) return result;
  const failing = new Set(
    result.networks
      .map((loaded) => loaded.network.slug)
      .filter((slug) => problems.some((problem) => problem.file.startsWith(`tenants/${slug}/`))),
  );
  return {
    ...result,
    problems: [...result.problems, ...problems],
    networks: result.networks.filter((loaded) => !failing.has(loaded.network.slug)),
    invalidSlugs: [...result.invalidSlugs, ...failing].sort(),
  };
}

/**
 * The vouchers files of the networks that loaded, checked against their catalogues as the ticket
 * API checks them at start; a network with a voucher problem counts as invalid.
 */
export async function withVoucherFiles(result: LoadResult, tenantsDir: string): Promise<LoadResult> {
  const { problems } = await readVoucherFiles({ tenantsDir, networks: result.networks });
  return withNetworkProblems(result, problems);
}

/** The demo card registries (cards.json) of the networks that loaded, as the ticket API reads them. */
export async function withCardFiles(result: LoadResult, tenantsDir: string): Promise<LoadResult> {
  const { problems } = await readCardFiles({ tenantsDir, networks: result.networks });
  return withNetworkProblems(result, problems);
}

export async function validateTenants(argv: readonly string[]): Promise<number> {
  const folders = tenantFolders(argv);
  const loaded = await loadTenants(folders);
  const result = await withCardFiles(await withVoucherFiles(loaded, folders.tenantsDir), folders.tenantsDir);
  for (const line of formatReport(result)) console.log(line);
  return result.problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await validateTenants(process.argv.slice(2));
}
