// Looks at the sign-in pages in Chromium: screenshots (light and dark, French, Arabic, 320 px wide,
// a wrong password, keyboard focus) and an axe check that fails on any serious or critical violation,
// then signs in with the keyboard all the way back to the shop, which the pages' form-action must
// allow. Needs a browser, so it is not a unit test.
//   npx tsx platform/identity-sandbox/scripts/check-pages.ts [output directory, default /tmp/identity-sandbox-pages]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { repositoryPath } from '@transit-shop/service-kit/env';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import * as client from 'openid-client';
import { type Browser, chromium, type Page } from 'playwright-core';
import { planIssuers } from '../src/issuers/sandbox-issuers.ts';
import { silentLogger } from '../src/logger.ts';
import { createIdentitySandbox } from '../src/sandbox.ts';
import { listen } from '../src/server.ts';

const outputDir = process.argv[2] ?? '/tmp/identity-sandbox-pages';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const tenants = await loadTenants({
  tenantsDir: repositoryPath('tenants'),
  themesDir: repositoryPath('themes'),
});
const { issuers } = planIssuers(
  tenants.networks.map(({ network }) => network),
  {},
);
const server = await listen({ port: 0, hostname: '127.0.0.1' });
const origin = `http://127.0.0.1:${server.port}`;
const sandbox = await createIdentitySandbox({
  publicUrl: origin,
  issuers,
  adminKey: 'page-check-admin-key-0123',
  logger: silentLogger(),
});
server.serve(sandbox.handle);

/** An authorization URL of the network's client at the issuer, as the ticket API makes it. */
async function authorizationUrl(path: string, networkSlug: string, parameters: Record<string, string>) {
  const issuer = issuers.find((candidate) => candidate.path === path);
  const shop = issuer?.clients.find((candidate) => candidate.networkSlug === networkSlug);
  if (!shop) throw new Error(`no client of ${networkSlug} at ${path}`);
  const config = await client.discovery(
    new URL(`${origin}${path}`),
    shop.clientId,
    shop.clientSecret,
    undefined,
    {
      execute: [client.allowInsecureRequests],
    },
  );
  return client.buildAuthorizationUrl(config, {
    redirect_uri: `http://${shop.domains[0]}:5173/auth/return`,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    state: client.randomState(),
    ...parameters,
  }).href;
}

type Shot = {
  name: string;
  colorScheme: 'light' | 'dark';
  width: number;
  /** The browser's language (Accept-Language), for pages of requests without ui_locales. */
  locale?: string;
  url: () => Promise<string>;
  prepare?: (page: Page) => Promise<void>;
};

const wrongPassword = async (page: Page) => {
  await page.fill('#username', 'jeanne.dupont');
  await page.fill('#password', 'not-the-password');
  await page.click('button[value="sign-in"]');
  await page.waitForSelector('[role="alert"]');
};

const shots: Shot[] = [
  {
    name: 'franceconnect-fr-light',
    colorScheme: 'light',
    width: 390,
    url: () => authorizationUrl('/franceconnect', 'lumiere', { ui_locales: 'fr' }),
  },
  {
    name: 'franceconnect-error-fr-light-320',
    colorScheme: 'light',
    width: 320,
    url: () => authorizationUrl('/franceconnect', 'lumiere', { ui_locales: 'fr' }),
    prepare: wrongPassword,
  },
  {
    name: 'lumiere-ar-dark',
    colorScheme: 'dark',
    width: 390,
    url: () => authorizationUrl('/realms/lumiere', 'lumiere', { ui_locales: 'ar' }),
  },
  {
    name: 'lumiere-error-ar-dark-320',
    colorScheme: 'dark',
    width: 320,
    url: () => authorizationUrl('/realms/lumiere', 'lumiere', { ui_locales: 'ar' }),
    prepare: wrongPassword,
  },
  {
    name: 'lakeside-focus-en-dark',
    colorScheme: 'dark',
    width: 390,
    url: () => authorizationUrl('/realms/lakeside', 'lakeside', {}),
    prepare: async (page) => {
      await page.focus('#password');
      await page.keyboard.press('Tab');
    },
  },
  {
    // Signed in, then a logout request that does not prove the session: the page asks first.
    name: 'sign-out-ar-light',
    colorScheme: 'light',
    width: 390,
    url: () => authorizationUrl('/franceconnect', 'lumiere', {}),
    prepare: async (page) => {
      await page.fill('#username', 'jeanne.dupont');
      await page.fill('#password', 'franceconnect-demo');
      // The shop's return page, answered here: nothing listens there.
      await page.route('http://lumiere.localhost:5173/**', (route) => route.fulfill({ body: 'shop' }));
      await page.click('button[value="sign-in"]');
      await page.waitForURL(/^http:\/\/lumiere\.localhost:5173\//);
      await page.goto(`${origin}/franceconnect/session/end?client_id=lumiere-eshop-fc&ui_locales=ar`);
      await page.waitForSelector('button[name="logout"]');
    },
  },
  {
    name: 'signed-out-es-dark',
    colorScheme: 'dark',
    width: 320,
    locale: 'es-ES',
    url: async () => `${origin}/franceconnect/session/end/success`,
  },
  {
    name: 'error-it-light',
    colorScheme: 'light',
    width: 390,
    url: () =>
      authorizationUrl('/realms/lakeside', 'lakeside', {
        ui_locales: 'it',
        redirect_uri: 'https://elsewhere.example/',
      }),
  },
];

let browser: Browser | undefined;
const problems: string[] = [];
try {
  mkdirSync(outputDir, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  for (const shot of shots) {
    const context = await browser.newContext({
      colorScheme: shot.colorScheme,
      viewport: { width: shot.width, height: 800 },
      ...(shot.locale && { locale: shot.locale }),
    });
    const page = await context.newPage();
    await page.goto(await shot.url());
    await shot.prepare?.(page);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    if (overflow > 0) problems.push(`${shot.name}: ${overflow} px wider than the window`);
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
      problems.push(`${shot.name}: ${violation.id} (${violation.impact}): ${violation.help} at ${targets}`);
    }
    const path = join(outputDir, `${shot.name}.png`);
    await page.screenshot({ path, fullPage: true });
    console.log(`${path}: ${results.violations.length} axe violation(s) of any impact`);
    await context.close();
  }

  // With the keyboard, as a user does: Chromium follows the form's 303s to the shop's redirect URI
  // (no shop runs there: where the browser went is enough).
  const context = await browser.newContext();
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(await authorizationUrl('/realms/lakeside', 'lakeside', { ui_locales: 'en' }));
  // The username field has the focus from the start (autofocus).
  await page.waitForSelector('#username:focus');
  await page.keyboard.type('alex.keller');
  await page.keyboard.press('Tab');
  await page.keyboard.type('lakeside-demo');
  const shopRequest = page
    .waitForRequest(/^http:\/\/lakeside\.localhost:5173\//, { timeout: 10_000 })
    .catch(() => null);
  await page.keyboard.press('Enter');
  const landed = (await shopRequest)?.url();
  if (!landed || !new URL(landed).searchParams.get('code')) {
    problems.push(`keyboard sign-in: not sent back to the shop with a code ${blocked.join(' ')}`);
  } else {
    console.log(`keyboard sign-in: sent back to ${landed}`);
  }
  await context.close();
} finally {
  await browser?.close();
  await server.close();
}

if (problems.length > 0) {
  console.log(`Problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('No serious or critical axe violation, no sideways scrolling.');
}
