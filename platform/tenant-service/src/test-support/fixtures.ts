// Small tenant, theme and web-build folders written by tests into temporary directories.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_SANDBOX_PLACEHOLDER as SANDBOX } from '@transit-shop/tenancy';

const lightScheme = {
  primary: { main: '#0b4f9c', contrastText: '#ffffff' },
  secondary: { main: '#5a2a82', contrastText: '#ffffff' },
  error: { main: '#b3261e', contrastText: '#ffffff' },
  warning: { main: '#7a4100', contrastText: '#ffffff' },
  info: { main: '#0b4f9c', contrastText: '#ffffff' },
  success: { main: '#1b5e20', contrastText: '#ffffff' },
  background: { default: '#ffffff', paper: '#ffffff' },
  text: { primary: '#111111', secondary: '#444444' },
  divider: '#cccccc',
  header: { background: '#0b4f9c', text: '#ffffff' },
};
const darkScheme = {
  primary: { main: '#90caf9', contrastText: '#0d1b2a' },
  secondary: { main: '#ce93d8', contrastText: '#1a0d1f' },
  error: { main: '#f2b8b5', contrastText: '#3b0a08' },
  warning: { main: '#ffcc80', contrastText: '#2b1a00' },
  info: { main: '#90caf9', contrastText: '#0d1b2a' },
  success: { main: '#a5d6a7', contrastText: '#0b2a0c' },
  background: { default: '#121212', paper: '#1e1e1e' },
  text: { primary: '#f5f5f5', secondary: '#c8c8c8' },
  divider: '#333333',
  header: { background: '#0d1b2a', text: '#f5f5f5' },
};

export const fixtureTheme = {
  id: 'harbour',
  name: 'Harbour',
  scales: {},
  colorSchemes: { light: lightScheme, dark: darkScheme },
  typography: { fontFamily: '"Source Sans", Arial, sans-serif', fontSize: 14 },
  shape: { borderRadius: 8 },
};

type Locale = 'fr' | 'en' | 'ar' | 'it' | 'es';
type FixtureNetwork = {
  slug: string;
  file: Record<string, unknown>;
  texts?: Partial<Record<Locale, object>>;
};

const text = (locale: string, name: string) => ({
  tagline: `${name} tagline ${locale}`,
  homeTitle: `${name} home ${locale}`,
  homeIntro: `${name} intro ${locale}`,
});

/** A seller that passes the network file's rules (the invoices' seller block). */
const seller = (name: string, invoicePrefix: string) => ({
  legalName: `${name} SAS`,
  address: {
    addressRoute: '1 rue du Port',
    addressPostalCode: '75001',
    addressCity: 'Paris',
    addressState: 'Île-de-France',
    addressCountry: 'FR',
  },
  vatNumber: 'FR27852417963',
  companyRegistrationNumber: 'RCS Paris 852 417 963',
  contactEmail: 'invoices@network.example',
  invoicePrefix,
});

const alpha: FixtureNetwork = {
  slug: 'alpha',
  file: {
    id: 201,
    name: 'Alpha Transit',
    logo: 'logo.svg',
    currency: 'EUR',
    languages: ['fr_FR', 'en', 'ar'],
    defaultLanguage: 'fr',
    has_guest_orders: 1,
    domains: ['alpha.localhost', 'shop.alpha.example'],
    theme: { id: 'harbour' },
    authenticationProviders: [
      {
        id: 1,
        driver: 'KEYCLOAK',
        isDefault: true,
        name: 'Alpha account',
        issuer: 'https://id.alpha.example/realms/alpha',
        clientId: 'alpha-shop',
        clientSecretRef: 'ALPHA_KEYCLOAK_CLIENT_SECRET',
      },
      {
        id: 2,
        driver: 'FRANCECONNECT',
        name: 'FranceConnect',
        issuer: `${SANDBOX}/franceconnect`,
        clientId: 'alpha-shop-fc',
        clientSecretRef: 'ALPHA_FRANCECONNECT_CLIENT_SECRET',
      },
    ],
    timeZone: 'Europe/Paris',
    guestMaxOrderAmount: 15000,
    signingKey: '5f1c0de2a9b84c7e9d3f1a2b3c4d5e6f',
    seller: seller('Alpha Transit', 'ALP'),
    collectSites: [site(11, 3, 'Central agency'), site(12, 1, 'North agency'), site(13, 2, 'Harbour agency')],
    schoolConfiguration: {
      enabled: true,
      schoolYearStart: '09-01',
      schools: [{ id: 1, name: 'Lycée du Port' }],
    },
    qualificationValidationConfiguration: {
      validationDelayDays: 2,
      providers: [{ id: 1, name: 'Student office', documentTypeIds: [3, 4] }],
    },
    maintenanceAlerts: [
      { id: 'works', level: 'WARNING', message: { fr: 'Travaux', en: 'Works', ar: 'أشغال' } },
      { id: 'orders-slow', level: 'INFO', flags: ['ORDER'], message: { fr: 'Lent', en: 'Slow', ar: 'بطيء' } },
      {
        id: 'draft',
        level: 'NOTICE',
        displayed: false,
        message: { fr: 'Brouillon', en: 'Draft', ar: 'مسودة' },
      },
      {
        id: 'papers',
        level: 'NOTICE',
        flags: ['ORDER', 'VALIDATION'],
        message: { fr: 'Pièces', en: 'Papers', ar: 'وثائق' },
      },
    ],
  },
};

const beta: FixtureNetwork = {
  slug: 'beta',
  file: {
    id: 202,
    name: 'Beta Bus',
    logo: 'logo.svg',
    currency: 'CHF',
    languages: ['en', 'it'],
    defaultLanguage: 'en',
    domains: ['beta.localhost'],
    theme: { id: 'harbour' },
    timeZone: 'Europe/Zurich',
    guestMaxOrderAmount: 20000,
    signingKey: '9a8b7c6d5e4f30211203405060708090',
    seller: seller('Beta Bus', 'BET'),
  },
};

const gamma: FixtureNetwork = {
  slug: 'gamma',
  file: {
    id: 203,
    name: 'Gamma & "Sons" <Metro>',
    logo: 'logo.svg',
    currency: 'MAD',
    languages: ['ar', 'fr'],
    defaultLanguage: 'ar',
    domains: ['gamma.localhost'],
    theme: { id: 'harbour' },
    timeZone: 'Africa/Casablanca',
    guestMaxOrderAmount: 100000,
    signingKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    seller: seller('Gamma Metro', 'GAM'),
  },
  texts: {
    fr: {
      tagline: 'Un </script><script>alert(1)</script> slogan',
      homeTitle: 'Accueil',
      homeIntro: 'Bienvenue',
    },
  },
};

function site(id: number, index: number, name: string) {
  return {
    id,
    index,
    name,
    address: {
      addressRoute: `${id} rue du Quai`,
      addressPostalCode: '75001',
      addressCity: 'Paris',
      addressState: 'FR',
    },
    pickUp: {
      slotMinutes: 30,
      capacity: 3,
      opening: [{ days: ['MON', 'TUE', 'WED'], from: '09:00', to: '12:00' }],
    },
  };
}

export const FIXTURE_NETWORKS = { alpha, beta, gamma };

const everywhere = (word: string) => ({ fr: word, en: word, ar: word, it: word, es: word });

export const fixtureGlobalAlerts = [
  { id: 'global-news', level: 'INFO', message: everywhere('News') },
  { id: 'global-order', level: 'DANGER', flags: ['ORDER'], message: everywhere('Orders') },
  { id: 'global-hidden', level: 'CRITICAL', displayed: false, message: everywhere('Hidden') },
  {
    id: 'global-past',
    level: 'WARNING',
    displayAfter: '2020-01-01T00:00:00Z',
    displayBefore: '2020-01-02T00:00:00Z',
    message: everywhere('Past'),
  },
];

export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><title>Logo</title><circle cx="20" cy="20" r="18"/></svg>';

function reduce(code: string): Locale {
  return code.split(/[-_]/)[0] as Locale;
}

export async function writeNetwork(tenantsDir: string, network: FixtureNetwork): Promise<void> {
  const dir = join(tenantsDir, network.slug);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'network.json'), JSON.stringify(network.file, null, 2));
  await writeFile(join(dir, 'logo.svg'), LOGO_SVG);
  const name = String(network.file.name);
  for (const locale of (network.file.languages as string[]).map(reduce)) {
    await mkdir(join(dir, 'texts'), { recursive: true });
    await writeFile(
      join(dir, 'texts', `${locale}.json`),
      JSON.stringify(network.texts?.[locale] ?? text(locale, name), null, 2),
    );
    const legal = join(dir, 'legal', locale);
    await mkdir(legal, { recursive: true });
    for (const kind of ['legal-notices', 'privacy-policy', 'terms-of-use']) {
      await writeFile(
        join(legal, `${kind}.html`),
        `<h1>${kind} ${locale}</h1><p onclick="steal()">Published by ${name}.</p><script>steal()</script>`,
      );
    }
  }
}

export type FixtureDirs = { root: string; tenantsDir: string; themesDir: string; distDir: string };

export const INDEX_TEMPLATE = `<!doctype html>
<html lang="fr" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-4f2a9c.js"></script>
  </head>
  <body>
    <div id="root"><!--app-prepaint--></div>
  </body>
</html>
`;

/** A temporary root with tenants/, themes/ and dist/ (a built web app); remove with `removeFixture`. */
export async function createFixture(
  options: { networks?: FixtureNetwork[]; globalAlerts?: unknown[]; built?: boolean } = {},
): Promise<FixtureDirs> {
  const root = await mkdtemp(join(tmpdir(), 'tenant-service-'));
  const dirs = {
    root,
    tenantsDir: join(root, 'tenants'),
    themesDir: join(root, 'themes'),
    distDir: join(root, 'dist'),
  };
  await mkdir(dirs.tenantsDir, { recursive: true });
  await mkdir(dirs.themesDir, { recursive: true });
  await writeFile(join(dirs.themesDir, 'harbour.json'), JSON.stringify(fixtureTheme, null, 2));
  for (const network of options.networks ?? [alpha, beta, gamma])
    await writeNetwork(dirs.tenantsDir, network);
  await writeFile(
    join(dirs.tenantsDir, 'global-alerts.json'),
    JSON.stringify({ alerts: options.globalAlerts ?? fixtureGlobalAlerts }, null, 2),
  );
  if (options.built !== false) {
    await mkdir(join(dirs.distDir, 'assets'), { recursive: true });
    await writeFile(join(dirs.distDir, 'index.html'), INDEX_TEMPLATE);
    await writeFile(join(dirs.distDir, 'assets', 'index-4f2a9c.js'), 'console.log("shop");\n');
    await writeFile(
      join(dirs.distDir, 'build-manifest.json'),
      JSON.stringify({ buildId: 'build-42', builtAt: '2026-11-22T09:00:00.000Z' }),
    );
    await writeFile(join(dirs.distDir, 'humans.txt'), 'Made by the shop team\n');
  } else {
    await mkdir(dirs.distDir, { recursive: true });
  }
  return dirs;
}

export async function removeFixture(dirs: FixtureDirs): Promise<void> {
  await rm(dirs.root, { recursive: true, force: true });
}
