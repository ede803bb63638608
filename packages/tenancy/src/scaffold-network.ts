// Writes the folder of a new network with placeholder texts (behind `npm run tenant:new`). Node only.
import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LEGAL_DOCUMENTS, type LegalDocumentKind } from '@transit-shop/sdk/contract/networks';
import { LOCALES, type Locale, reduceLanguageCode } from '@transit-shop/sdk/locales';
import type { z } from 'zod';
import type { catalogueFileSchema } from './catalogue.schema.ts';
import {
  CATALOGUE_FILE,
  LEGAL_FILE_NAMES,
  listNetworkSlugs,
  NETWORK_FILE,
  SLUG_PATTERN,
} from './load-tenants.ts';
import { hostnameSchema, type NetworkFile } from './network.schema.ts';

export type ScaffoldOptions = {
  tenantsDir: string;
  themesDir: string;
  slug: string;
  name: string;
  id: number;
  domain: string;
  /** Defaults to the first theme file in name order. */
  theme?: string;
  /** Language codes (regional forms accepted); the first is the default language. Default fr,en. */
  languages?: readonly string[];
  currency?: string;
  timeZone?: string;
};

/** Marks every text the operator must write before the network goes live. */
export const PLACEHOLDER_MARK = 'TO REPLACE';

/** A first invoice prefix from the slug: its letters and digits, upper case, at most 6. */
export const invoicePrefixOf = (slug: string) =>
  slug
    .replace(/[^a-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 6)
    .padEnd(2, 'X');

/** A scaffold refused before anything was written. */
export class ScaffoldRefused extends Error {}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const fileExists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Ids and domains of every network folder, read leniently so a broken file still holds its claims. */
async function takenClaims(tenantsDir: string) {
  const ids = new Map<number, string>();
  const domains = new Map<string, string>();
  for (const slug of await listNetworkSlugs(tenantsDir)) {
    const raw = await readFile(join(tenantsDir, slug, NETWORK_FILE), 'utf8').catch(() => null);
    let value: { id?: unknown; domains?: unknown } = {};
    try {
      value = raw ? JSON.parse(raw) : {};
    } catch {
      // An unreadable file claims nothing; tenant:validate reports it.
    }
    if (typeof value.id === 'number') ids.set(value.id, slug);
    if (Array.isArray(value.domains))
      for (const domain of value.domains) if (typeof domain === 'string') domains.set(domain, slug);
  }
  return { ids, domains };
}

async function themeIds(themesDir: string): Promise<string[]> {
  const names = await readdir(themesDir).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.json') && !name.startsWith('_') && !name.startsWith('.'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

const LEGAL_TITLES: Record<LegalDocumentKind, string> = {
  legalNotices: 'Legal notices',
  privacyPolicy: 'Privacy policy',
  termsOfUse: 'Terms of use',
};

function logoSvg(name: string): string {
  const initial = escapeHtml(name.trim().charAt(0).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-labelledby="logo-title">
  <title id="logo-title">${escapeHtml(name)}</title>
  <!-- ${PLACEHOLDER_MARK}: the network's own logo -->
  <rect x="2" y="2" width="60" height="60" rx="12" fill="#3a4250"/>
  <text x="32" y="42" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#ffffff">${initial}</text>
</svg>
`;
}

/**
 * Checks the options against the existing folders, then writes network.json, catalogue.json, logo.svg,
 * texts and legal pages for every language. Throws ScaffoldRefused (writing nothing) when the slug, id or
 * domain is taken or an option is invalid. Returns the folder written.
 */
export async function scaffoldNetwork(options: ScaffoldOptions): Promise<string> {
  const { tenantsDir, slug, name, id } = options;
  const domain = options.domain.trim().toLowerCase();
  const refuse = (message: string): never => {
    throw new ScaffoldRefused(message);
  };
  if (!SLUG_PATTERN.test(slug) || slug.length > 63)
    refuse(`slug "${slug}": lowercase letters, digits and dashes, starting with a letter`);
  if (!name.trim()) refuse('give the network a name');
  if (!Number.isInteger(id) || id <= 0) refuse(`id "${options.id}": a positive whole number`);
  if (!hostnameSchema.safeParse(domain).success) refuse(`domain "${options.domain}": a host name`);
  const languages = [...new Set((options.languages ?? ['fr', 'en']).map(reduceLanguageCode))];
  for (const language of languages)
    if (!(LOCALES as readonly string[]).includes(language))
      refuse(`language "${language}": one of ${LOCALES.join(', ')}`);
  if (languages.length === 0) refuse('give at least one language');
  const currency = (options.currency ?? 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) refuse(`currency "${options.currency}": an ISO 4217 code`);
  const themes = await themeIds(options.themesDir);
  const theme = options.theme ?? themes[0] ?? refuse(`no theme in ${options.themesDir}`);
  if (!themes.includes(theme)) refuse(`unknown theme "${theme}" (known: ${themes.join(', ')})`);

  const folder = join(tenantsDir, slug);
  if (await fileExists(folder)) refuse(`tenants/${slug} already exists`);
  const taken = await takenClaims(tenantsDir);
  const idOwner = taken.ids.get(id);
  if (idOwner) refuse(`id ${id} is already used by ${idOwner}`);
  const domainOwner = taken.domains.get(domain);
  if (domainOwner) refuse(`domain ${domain} is already used by ${domainOwner}`);

  const locales = languages as Locale[];
  const network: NetworkFile = {
    id,
    name: name.trim(),
    logo: 'logo.svg',
    currency,
    languages: locales,
    defaultLanguage: locales[0] as Locale,
    profiling: false,
    multiple_payment_installments: [1],
    payment: { transfer_enabled: false },
    has_subscriptions: false,
    subscription_notice_days: 7,
    // Guests may buy at once, so the demo item below sells as soon as the network is served.
    has_guest_orders: 1,
    has_media_signin: false,
    has_media_tunnel: false,
    has_media_tunnel_pairing: false,
    data: { globalMessage: null, customRGPDText: null, experimentalAIEnabled: false },
    hideBirthDate: false,
    documents: { allowPurchaseWhilePending: false },
    domains: [domain],
    theme: { id: theme },
    authenticationProviders: [],
    channel: 'ESHOP',
    timeZone: options.timeZone ?? 'Europe/Paris',
    guestMaxOrderAmount: 10000,
    signingKey: randomBytes(16).toString('hex'),
    // Passes validation so the network starts, but every invoice would print it: the operator
    // replaces it before selling (ZZ, no country yet, has no identifier rules).
    seller: {
      legalName: `${PLACEHOLDER_MARK}: legal name of ${name.trim()}`,
      address: {
        addressRoute: `${PLACEHOLDER_MARK}: street`,
        addressPostalCode: PLACEHOLDER_MARK,
        addressCity: PLACEHOLDER_MARK,
        addressState: PLACEHOLDER_MARK,
        addressCountry: 'ZZ',
      },
      vatNumber: PLACEHOLDER_MARK,
      companyRegistrationNumber: PLACEHOLDER_MARK,
      contactEmail: `invoices@${domain}`,
      invoicePrefix: invoicePrefixOf(slug),
    },
    collectSites: [],
    maintenanceAlerts: [],
  };
  const placeholder = (what: string, locale: Locale) => `${PLACEHOLDER_MARK}: ${what} (${locale})`;
  const everyLanguage = (what: string) =>
    Object.fromEntries(locales.map((locale) => [locale, placeholder(what, locale)]));
  // One category and one demo item on sale (a single ticket in the wallet, no start date to pick):
  // a scaffolded network sells as soon as it is served, before the operator writes its own
  // catalogue (decision 0025; its seller and texts still say TO REPLACE until then).
  const catalogue = {
    categories: [{ id: 'tickets', productTypeIndex: 1, name: everyLanguage('category name') }],
    fareProducts: [
      {
        productId: 1,
        name: everyLanguage('single ticket'),
        validity: { kind: 'JOURNEYS', journeys: 1, minutes: 60, expiresAfterDays: 365 },
      },
    ],
    rates: [{ id: 'full', name: everyLanguage('full fare') }],
    shopItems: [
      {
        category: 'tickets',
        shopItemId: 1,
        name: everyLanguage('single ticket'),
        shopItemPrice: 100,
        vatRate: 1000,
        supports: ['DEMATERIALIZED'],
        rate: 'full',
        products: [{ productId: 1, dematerialized: true }],
      },
    ],
  } satisfies z.input<typeof catalogueFileSchema>;

  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, NETWORK_FILE), `${JSON.stringify(network, null, 2)}\n`);
  await writeFile(join(folder, CATALOGUE_FILE), `${JSON.stringify(catalogue, null, 2)}\n`);
  await writeFile(join(folder, 'logo.svg'), logoSvg(network.name));
  await mkdir(join(folder, 'texts'), { recursive: true });
  for (const locale of locales) {
    const texts = {
      tagline: placeholder('tagline', locale),
      homeTitle: network.name,
      homeIntro: placeholder('home introduction', locale),
      footerNote: placeholder('footer note', locale),
    };
    await writeFile(join(folder, 'texts', `${locale}.json`), `${JSON.stringify(texts, null, 2)}\n`);
    await mkdir(join(folder, 'legal', locale), { recursive: true });
    for (const kind of LEGAL_DOCUMENTS) {
      await writeFile(
        join(folder, 'legal', locale, LEGAL_FILE_NAMES[kind]),
        `<h2>${escapeHtml(network.name)}: ${LEGAL_TITLES[kind]}</h2>\n<p>${placeholder(`${LEGAL_TITLES[kind].toLowerCase()} of the network`, locale)}</p>\n`,
      );
    }
  }
  return folder;
}
