// `npm run tenant:new -- <slug> --name "..." --id <n> --domain <host>`: scaffolds a valid network folder.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import { PLACEHOLDER_MARK, ScaffoldRefused, scaffoldNetwork } from '@transit-shop/tenancy/scaffold-network';
import { formatReport, tenantFolders } from './tenant-validate.ts';

const USAGE =
  'usage: npm run tenant:new -- <slug> --name "Network name" --id <number> --domain <host> ' +
  '[--theme <theme-id>] [--languages fr,en] [--currency EUR] [--time-zone Europe/Paris]';

export async function newTenant(argv: readonly string[]): Promise<number> {
  const option = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index === -1 ? undefined : argv[index + 1];
  };
  const slug = argv.find((arg, index) => !arg.startsWith('--') && !argv[index - 1]?.startsWith('--'));
  const name = option('name');
  const id = option('id');
  const domain = option('domain');
  if (!slug || !name || !id || !domain) {
    console.error(USAGE);
    return 1;
  }
  const folders = tenantFolders(argv);
  let folder: string;
  try {
    folder = await scaffoldNetwork({
      ...folders,
      slug,
      name,
      id: Number(id),
      domain,
      theme: option('theme'),
      languages: option('languages')?.split(','),
      currency: option('currency'),
      timeZone: option('time-zone'),
    });
  } catch (error) {
    if (!(error instanceof ScaffoldRefused)) throw error;
    console.error(`tenant:new: ${error.message}`);
    return 1;
  }

  const result = await loadTenants(folders);
  for (const line of formatReport(result)) console.log(line);
  if (result.invalidSlugs.includes(slug)) {
    console.error(`tenant:new: ${folder} was written but does not pass validation`);
    return 1;
  }
  console.log(
    `tenants/${slug} created and valid in ${folder}. Replace every text marked "${PLACEHOLDER_MARK}" (the seller printed on invoices too: its country, VAT and registration numbers) and the logo, then set the features in network.json and the shop items in catalogue.json (its demo single ticket is on sale as written).`,
  );
  return result.problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await newTenant(process.argv.slice(2));
}
