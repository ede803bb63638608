// `npm run tenant:new -- <slug> --name "..." --id <n> --domain <host>`: scaffolds a valid network folder.

import { randomBytes } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEGAL_DOCUMENTS } from '@transit-shop/sdk/contract/networks';
import { LOCALES, type Locale, reduceLanguageCode } from '@transit-shop/sdk/locales';
import { LEGAL_FILE_NAMES, loadTenants } from '@transit-shop/tenancy/load-tenants';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
};
const fail = (message: string): never => {
  console.error(`tenant:new: ${message}`);
  process.exit(1);
};

const slug = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const name = option('name');
const id = Number(option('id'));
const domain = option('domain')?.toLowerCase();
if (!slug || !/^[a-z][a-z0-9-]*$/.test(slug)) fail('give a slug of lowercase letters, digits and dashes');
if (!name) fail('give --name "Network name"');
if (!Number.isInteger(id) || id <= 0) fail('give --id <positive number>');
if (!domain) fail('give --domain <host name>');
const tenantsDir = resolve(option('tenants') ?? process.env.TENANTS_DIR ?? join(root, 'tenants'));
const themesDir = resolve(option('themes') ?? process.env.THEMES_DIR ?? join(root, 'themes'));
const theme = option('theme') ?? 'lumiere';
const languages = (option('languages') ?? 'fr,en').split(',').map(reduceLanguageCode) as Locale[];
const currency = (option('currency') ?? 'EUR').toUpperCase();
for (const language of languages) if (!LOCALES.includes(language)) fail(`unsupported language ${language}`);

const folder = join(tenantsDir, slug as string);
if (
  await access(folder).then(
    () => true,
    () => false,
  )
)
  fail(`tenants/${slug} already exists`);
const existing = await loadTenants({ tenantsDir, themesDir });
for (const { network } of existing.networks) {
  if (network.config.id === id) fail(`id ${id} is already used by ${network.slug}`);
  if (network.config.domains.includes(domain as string))
    fail(`domain ${domain} is already used by ${network.slug}`);
}

const placeholder = (what: string) => `TO REPLACE: ${what} of ${name}`;
const network = {
  id,
  name,
  logo: 'logo.svg',
  currency,
  languages,
  defaultLanguage: languages[0],
  multiple_payment_installments: [1],
  payment: { transfer_enabled: false },
  has_subscriptions: false,
  has_guest_orders: 0,
  domains: [domain],
  theme: { id: theme },
  authenticationProviders: [],
  channel: 'ESHOP',
  timeZone: option('time-zone') ?? 'Europe/Paris',
  guestMaxOrderAmount: 10000,
  signingKey: randomBytes(16).toString('hex'),
  collectSites: [],
  maintenanceAlerts: [],
};
await mkdir(folder, { recursive: true });
await writeFile(join(folder, 'network.json'), `${JSON.stringify(network, null, 2)}\n`);
const initial = (name as string).trim().charAt(0).toUpperCase();
await writeFile(
  join(folder, 'logo.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="t">\n  <title id="t">${name}</title>\n  <rect x="2" y="2" width="60" height="60" rx="12" fill="#1a3f99"/>\n  <text x="32" y="42" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#ffffff">${initial}</text>\n</svg>\n`,
);
for (const locale of languages) {
  await mkdir(join(folder, 'texts'), { recursive: true });
  const texts = {
    tagline: placeholder(`tagline (${locale})`),
    homeTitle: `${name}`,
    homeIntro: placeholder(`home introduction (${locale})`),
    footerNote: placeholder(`footer note (${locale})`),
  };
  await writeFile(join(folder, 'texts', `${locale}.json`), `${JSON.stringify(texts, null, 2)}\n`);
  await mkdir(join(folder, 'legal', locale), { recursive: true });
  for (const kind of LEGAL_DOCUMENTS) {
    await writeFile(
      join(folder, 'legal', locale, LEGAL_FILE_NAMES[kind]),
      `<h2>${name}</h2>\n<p>${placeholder(`${kind} (${locale})`)}</p>\n`,
    );
  }
}

const result = await loadTenants({ tenantsDir, themesDir });
const mine = result.problems.filter((problem) => problem.file.includes(`${slug}`));
for (const problem of mine) console.log(`${problem.file}: ${problem.field || '(file)'}: ${problem.message}`);
if (mine.length > 0) fail(`tenants/${slug} was written but has ${mine.length} problems`);
console.log(
  `tenants/${slug} created and valid. Replace the texts marked "TO REPLACE", the logo, and set the features in network.json.`,
);
