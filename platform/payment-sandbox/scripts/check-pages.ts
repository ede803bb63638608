// Looks at the hosted pages in Chromium: screenshots (French light, Arabic dark, 320 px wide) and an
// axe check that fails on any serious or critical violation. Needs a browser, so it is not a unit test.
//   npx tsx platform/payment-sandbox/scripts/check-pages.ts [output directory, default /tmp/payment-sandbox-pages]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createSandboxApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import type { SandboxConfig } from '../src/config.ts';
import { silentLogger } from '../src/logger.ts';
import { createNotifier } from '../src/notifications/notifier.ts';
import type { CreateCheckoutRequest } from '../src/protocol/schemas.ts';
import { startServer } from '../src/server.ts';
import { createMemoryStore } from '../src/store/sandbox-store.ts';

const outputDir = process.argv[2] ?? '/tmp/payment-sandbox-pages';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const config: SandboxConfig = { apiKey: 'page-check-api-key-0123', publicUrl: '', sepaSettleMs: 60_000 };
const notifier = createNotifier({
  secret: 'page-check-webhook-secret',
  clock: systemClock,
  logger: silentLogger(),
});
const app = createSandboxApp({ clock: systemClock, store: createMemoryStore(), notifier, config });
const server = await startServer({ app, port: 0, hostname: '127.0.0.1' });
config.publicUrl = `http://127.0.0.1:${server.port}`;

async function openCheckout(overrides: Partial<CreateCheckoutRequest>): Promise<string> {
  const request: CreateCheckoutRequest = {
    merchantReference: 'page-check',
    amount: 4250,
    currency: 'EUR',
    method: 'CARD',
    saveMethod: false,
    customerReference: null,
    locale: 'fr',
    description: 'Réseau Lumière : abonnement mensuel',
    returnUrl: 'http://shop.localhost:8080/checkout/return',
    // Nobody listens there: the notification fails and is retried, which the pages do not show.
    notifyUrl: 'http://127.0.0.1:9/notify',
    ...overrides,
  };
  const response = await fetch(`${config.publicUrl}/v1/checkouts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${config.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify(request),
  });
  if (response.status !== 201) throw new Error(`checkout: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

type Shot = {
  name: string;
  colorScheme: 'light' | 'dark';
  width: number;
  checkout: Partial<CreateCheckoutRequest>;
  prepare?: (page: Page) => Promise<void>;
};

const submitEmptyCard = async (page: Page) => {
  await page.fill('#number', '4242 4242 4242 4241');
  await page.fill('#expiry', '13/30');
  await page.click('button[value="pay"]');
  await page.waitForSelector('.error-summary');
};

const shots: Shot[] = [
  { name: 'card-fr-light', colorScheme: 'light', width: 390, checkout: { locale: 'fr' } },
  { name: 'card-fr-light-320', colorScheme: 'light', width: 320, checkout: { locale: 'fr' } },
  { name: 'sepa-ar-dark', colorScheme: 'dark', width: 390, checkout: { locale: 'ar', method: 'TRANSFER' } },
  {
    name: 'card-error-ar-dark',
    colorScheme: 'dark',
    width: 390,
    checkout: { locale: 'ar' },
    prepare: submitEmptyCard,
  },
  {
    name: 'sepa-error-ar-dark-320',
    colorScheme: 'dark',
    width: 320,
    checkout: { locale: 'ar', method: 'TRANSFER' },
    prepare: async (page) => {
      await page.fill('#iban', 'FR76 3000 6000 0112 3456 7890 188');
      await page.click('button[value="pay"]');
      await page.waitForSelector('.error-summary');
    },
  },
  {
    name: 'card-error-fr-light',
    colorScheme: 'light',
    width: 390,
    checkout: { locale: 'fr' },
    prepare: submitEmptyCard,
  },
  {
    // The result page a customer sees on coming back to a refused checkout.
    name: 'result-es-light',
    colorScheme: 'light',
    width: 390,
    checkout: { locale: 'es' },
    prepare: async (page) => {
      const form = {
        token: await page.inputValue('input[name="token"]'),
        action: 'pay',
        holder: 'Ana García',
        number: '4000 0000 0000 0002',
        expiry: '12/30',
        cvc: '123',
      };
      await page.request.post(page.url(), { form, maxRedirects: 0 });
      await page.reload();
    },
  },
  {
    // Keyboard only: Tab from the last field reaches Pay, whose focus ring must show.
    name: 'card-focus-fr-dark',
    colorScheme: 'dark',
    width: 390,
    checkout: { locale: 'fr' },
    prepare: async (page) => {
      await page.focus('#cvc');
      await page.keyboard.press('Tab');
    },
  },
  {
    name: 'challenge-en-dark',
    colorScheme: 'dark',
    width: 390,
    checkout: { locale: 'en' },
    prepare: async (page) => {
      await page.fill('#holder', 'Jeanne Dupont');
      await page.fill('#number', '4000 0000 0000 3220');
      await page.fill('#expiry', '12/30');
      await page.fill('#cvc', '123');
      await page.click('button[value="pay"]');
      await page.waitForSelector('#code');
    },
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
    });
    const page = await context.newPage();
    await page.goto(await openCheckout(shot.checkout));
    await shot.prepare?.(page);
    // The page must not scroll sideways, even at 320 px.
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

  // The whole way with the keyboard and a real form post: Chromium follows the 303 to the shop,
  // which the page's form-action must allow (no shop runs here: where the browser went is enough).
  const context = await browser.newContext();
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(await openCheckout({ locale: 'it' }));
  await page.keyboard.press('Tab');
  await page.keyboard.type('Mario Rossi');
  await page.keyboard.press('Tab');
  await page.keyboard.type('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  const shopRequest = page
    .waitForRequest(/^http:\/\/shop\.localhost:8080\//, { timeout: 10_000 })
    .catch(() => null);
  await page.keyboard.press('Enter');
  const landed = (await shopRequest)?.url();
  if (!landed || new URL(landed).searchParams.get('status') !== 'succeeded') {
    problems.push(`keyboard payment: not sent back to the shop ${blocked.join(' ')}`);
  } else {
    console.log(`keyboard payment: sent back to ${landed}`);
  }
  await context.close();
} finally {
  await browser?.close();
  notifier.close();
  await server.close();
}

if (problems.length > 0) {
  console.log(`Problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('No serious or critical axe violation, no sideways scrolling.');
}
