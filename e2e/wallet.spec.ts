// The wallet on lumiere (decision 0030): a customer buys a ten-journey carnet (1102) and a monthly
// pass (2101); the confirmation says where the tickets are; the wallet shows both, the pass's QR
// decodes to a code the network's published keys verify, and that jose alone verifies with the JWK
// Set of the network's domain (decision 0040); one journey is activated (nine left, a
// countdown); offline, the wallet still opens and shows a code that verifies; the attestation PDF
// downloads and its text extracts as written. A guest's confirmation email links the order's tickets page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createTicketClient } from '@transit-shop/sdk/client/ticket-client';
import { JWKS_PATH, walletKeysCall } from '@transit-shop/sdk/contract/wallet';
import { type TicketKeySet, verifyTicketCode } from '@transit-shop/sdk/tickets/ticket-token';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import { compactVerify, createLocalJWKSet, importJWK, type JSONWebKeySet } from 'jose';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { newAccount, register, shopUrl } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import {
  addProduct,
  choosePayment,
  continueAsGuest,
  expectCardFormAtProvider,
  NETWORK,
  pay,
  resultDialog,
  SHOP_ORIGIN,
  startCheckout,
} from './support/checkout.ts';
import { type ReceivedMail, waitForMailWithSubject } from './support/mailbox.ts';
import { payByCard, TEST_CARDS } from './support/payment-page.ts';
import { extractedTexts } from './support/pdf-text.ts';
import { apiRequest } from './support/platform.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

const locale: Locale = 'en';
const t = textsOf(locale);
const walletTexts = (language: Locale) =>
  JSON.parse(
    readFileSync(
      join(
        import.meta.dirname,
        '..',
        'platform',
        'web',
        'src',
        'features',
        'wallet',
        'locales',
        `${language}.json`,
      ),
      'utf8',
    ),
  ).wallet as typeof import('../platform/web/src/features/wallet/locales/en.json')['wallet'];
const w = walletTexts(locale);

const SINGLE_TICKET = 1101;
const CARNET = 1102;
const MONTHLY_PASS = 2101;

// Sharper screenshots for the QR reader; traces without the screencast on these long journeys.
test.use({ deviceScaleFactor: 2, trace: { mode: 'retain-on-failure', screenshots: false } });

/** The network's published ticket keys (wallet/keys), asked as the shop's pages ask. */
async function publishedKeys(request: APIRequestContext): Promise<TicketKeySet> {
  const { networks } = await loadTenants({
    tenantsDir: join(import.meta.dirname, '..', 'tenants'),
    themesDir: join(import.meta.dirname, '..', 'themes'),
  });
  const network = networks.find((candidate) => candidate.network.slug === NETWORK)?.network.config;
  if (!network) throw new Error(`no network ${NETWORK}`);
  const client = createTicketClient({
    baseUrl: `${SHOP_ORIGIN}/api/`,
    signingKey: network.signingKey,
    networkId: network.id,
    cacheTtlMs: 0,
    // Node does not resolve *.localhost: the call goes to loopback with the network's Host.
    fetch: async (input, init) => {
      const sent = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(sent.url);
      const [address, { headers }] = apiRequest(NETWORK, `${url.pathname}${url.search}`);
      const response = await request.fetch(address, {
        method: sent.method,
        headers: { ...Object.fromEntries(sent.headers), ...headers },
      });
      return new Response(await response.text(), { status: response.status(), headers: response.headers() });
    },
  });
  return client.call(walletKeysCall, {});
}

/** The network's JWK Set from its own domain's well-known address, as any verifier fetches it. */
async function wellKnownKeys(request: APIRequestContext): Promise<JSONWebKeySet> {
  const response = await request.get(...apiRequest(NETWORK, JWKS_PATH));
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=300');
  expect(response.headers().etag).toBeTruthy();
  return (await response.json()) as JSONWebKeySet;
}

/**
 * A code checked by jose with nothing but the JWK Set: the network signed the ticket, and the key
 * the ticket names (its phone's) signed the proof of this ticket.
 */
async function expectJoseVerifies(code: string, jwks: JSONWebKeySet): Promise<void> {
  const [token = '', proof = ''] = code.split('~');
  const decoded = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));
  const ticket = decoded((await compactVerify(token, createLocalJWKSet(jwks))).payload);
  expect(ticket).toMatchObject({ net: expect.any(Number), tid: expect.any(String) });
  const phone = await importJWK(ticket.cnf.jwk, 'ES256');
  expect(decoded((await compactVerify(proof, phone)).payload)).toMatchObject({ tid: ticket.tid });
}

/** The code a QR on the page holds, read from its screenshot. */
async function codeOf(qr: Locator): Promise<string> {
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!read) throw new Error('the QR code could not be read');
  return read.data;
}

/**
 * A pass's code: signed by the network and proven by this device now. Its month may not have begun
 * (after the 25th the shop proposes next month first): then the verdict is NOT_YET_VALID, which is
 * given only once the signature and the device proof have been checked.
 */
async function expectPassCodeVerifies(qr: Locator, keys: TicketKeySet): Promise<void> {
  const now = new Date();
  const verdict = await verifyTicketCode(await codeOf(qr), { keys, now });
  const from = verdict.claims?.from ?? 0;
  if (from * 1000 > now.getTime()) expect(verdict).toMatchObject({ valid: false, reason: 'NOT_YET_VALID' });
  else expect(verdict).toMatchObject({ valid: true, printed: false });
}

async function expectCodeVerifies(qr: Locator, keys: TicketKeySet): Promise<void> {
  const verdict = await verifyTicketCode(await codeOf(qr), { keys, now: new Date() });
  expect(verdict.valid ? null : { reason: verdict.reason, claims: verdict.claims }, 'the refusal').toBeNull();
  expect(verdict).toMatchObject({ valid: true, printed: false });
}

async function payCardOrder(page: Page): Promise<Locator> {
  await choosePayment(page, locale, { method: 'CARD' });
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.succeeds);
  const confirmed = resultDialog(page, locale, 'confirmed');
  await expect(confirmed).toBeVisible();
  return confirmed;
}

test('WAL-01 a customer finds a carnet and a monthly pass in the wallet, with codes that verify, online and offline', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.slow();
  const account = newAccount('wallet');
  await register(page, NETWORK, locale, account, 'verified');
  await addProduct(page, locale, CARNET, { delivery: 'DEMATERIALIZED' });
  // The cart opened beside the page: closed before the next product.
  await page.getByRole('dialog', { name: t.cart.title }).getByRole('button', { name: t.cart.close }).click();
  await addProduct(page, locale, MONTHLY_PASS, { delivery: 'DEMATERIALIZED' });
  await startCheckout(page, locale);
  const confirmed = await payCardOrder(page);

  // Where are my tickets: in the wallet, linked.
  const places = confirmed.getByRole('region', { name: t.tickets.title });
  await expect(places.getByRole('listitem')).toHaveCount(2);
  await places.getByRole('link', { name: t.tickets.openWallet }).first().click();
  await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/account/wallet'));
  await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();

  const tickets = page.getByRole('article');
  await expect(tickets).toHaveCount(2);
  const carnet = tickets.filter({ hasText: fill(w.journeys, { left: 10, total: 10 }) });
  const pass = tickets.filter({ hasNotText: /Journeys left/ });
  await expect(carnet).toHaveCount(1);
  const keys = await publishedKeys(request);
  const passQr = pass.getByRole('img', { name: /Code of the ticket/ });
  await expectPassCodeVerifies(passQr, keys);
  await expectJoseVerifies(await codeOf(passQr), await wellKnownKeys(request));
  await passQr.screenshot({ path: testInfo.outputPath('monthly-pass-qr.png') });
  await expectNoSeriousViolations(page);

  // One journey activated: nine left, counting down.
  await carnet.getByRole('button', { name: /^Activate the ticket/ }).click();
  const dialog = page.getByRole('dialog', { name: w.activateTitle });
  await dialog.getByRole('button', { name: w.activate, exact: true }).click();
  await expect(dialog).toBeHidden();
  const activated = tickets.filter({ hasText: fill(w.journeys, { left: 9, total: 10 }) });
  await expect(activated).toHaveCount(1);
  await expect(activated.getByRole('timer')).toBeVisible();
  await expectCodeVerifies(activated.getByRole('img', { name: /Code of the ticket/ }), keys);
  await page.screenshot({ path: testInfo.outputPath('wallet.png'), fullPage: true });

  // The attestation of the pass downloads as a PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pass.getByRole('button', { name: /^Attestation \(PDF\) – / }).click(),
  ]);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Its text extracts as written: what is attested, for whom, and the product.
  const attested = (await extractedTexts(new Uint8Array(pdf))).join(' ');
  expect(attested).toContain('Certificate of purchase and validity');
  expect(attested).toContain(`${account.firstName} ${account.lastName}`);
  expect(attested).toContain('Monthly pass');

  // Offline: the wallet opens from the device and still shows a code that verifies.
  // The shop's service worker serves the page once the network is cut.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /offline/ })).toBeVisible();
  await expectCodeVerifies(
    page
      .getByRole('article')
      .filter({ hasText: fill(w.journeys, { left: 9, total: 10 }) })
      .getByRole('img', { name: /Code of the ticket/ }),
    keys,
  );
  await context.setOffline(false);

  // Arabic, right to left, still accessible.
  await page.goto(shopUrl(NETWORK, 'ar', '/account/wallet'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: walletTexts('ar').title })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a guest's confirmation email links the order's tickets, which show a code", async ({
  page,
  request,
}) => {
  test.slow();
  const guest = newAccount('wallet-guest');
  await addProduct(page, locale, SINGLE_TICKET, { delivery: 'DEMATERIALIZED' });
  await startCheckout(page, locale);
  await continueAsGuest(page, locale, guest.email);
  await payCardOrder(page);
  const mail = await waitForMailWithSubject(guest.email, /is confirmed/);
  const link = guestTicketsLinkOf(mail);
  expect(link, 'a link to the tickets page').toBeTruthy();
  await page.goto(String(link));
  await expect(page.getByRole('heading', { level: 1, name: w.guest.title })).toBeVisible();
  const ticket = page.getByRole('article');
  await expect(ticket).toHaveCount(1);
  // Activated from the guest's page, the journey's code verifies at the gate.
  await ticket.getByRole('button', { name: /^Activate the ticket/ }).click();
  const dialog = page.getByRole('dialog', { name: w.activateTitle });
  await dialog.getByRole('button', { name: w.activate, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(ticket.getByRole('timer')).toBeVisible();
  await expectCodeVerifies(ticket.getByRole('img'), await publishedKeys(request));
});

/** The email's link to the order's tickets page (its reference is 43 base64url characters). */
function guestTicketsLinkOf(mail: ReceivedMail): URL | undefined {
  return mail.text
    .match(/https?:\/\/[^\s<>"]+\/wallet\/guest\/[A-Za-z0-9_-]{43}/g)
    ?.map((found) => new URL(found))
    .at(0);
}

test.describe('on a phone, in Arabic, in dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', hasTouch: true });

  test("I18N-04 THEME-01 a guest's ticket opens right to left and dark on a phone, passes axe, and is the same in a second tab and after a reload", async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.slow();
    const guest = newAccount('wallet-phone');
    await addProduct(page, locale, SINGLE_TICKET, { delivery: 'DEMATERIALIZED' });
    await startCheckout(page, locale);
    await continueAsGuest(page, locale, guest.email);
    await payCardOrder(page);
    const link = guestTicketsLinkOf(await waitForMailWithSubject(guest.email, /is confirmed/));
    expect(link, 'a link to the tickets page').toBeTruthy();
    const arabic = new URL(String(link));
    arabic.pathname = arabic.pathname.replace(/^\/en\//, '/ar/');
    const ar = walletTexts('ar');

    await page.goto(arabic.href);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.getByRole('heading', { level: 1, name: ar.guest.title })).toBeVisible();
    const ticket = page.getByRole('article');
    await expect(ticket).toHaveCount(1);
    // No phone holds the journey until one activates it: no code yet, only the action.
    await expect(ticket.getByRole('img')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath('guest-ticket-ar-dark-phone.png'), fullPage: true });

    // Activated on this phone, its code shows, fits the screen and is large enough to scan.
    await ticket.getByRole('button', { name: ar.activateLabel.split('{{')[0]?.trim() }).click();
    const dialog = page.getByRole('dialog', { name: ar.activateTitle });
    await dialog.getByRole('button', { name: ar.activate, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(ticket.getByRole('timer')).toBeVisible();
    const qr = ticket.getByRole('img');
    await expect(qr).toBeVisible();
    const box = await qr.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    const keys = await publishedKeys(request);
    await expectCodeVerifies(qr, keys);

    // A second tab shows the same journey started, with a code of its own that verifies; a reload too.
    const second = await context.newPage();
    await second.goto(arabic.href);
    await expect(second.getByRole('article').getByRole('timer')).toBeVisible();
    await expectCodeVerifies(second.getByRole('article').getByRole('img'), keys);
    await page.reload();
    await expect(page.getByRole('article').getByRole('timer')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({
      path: testInfo.outputPath('guest-ticket-ar-dark-phone-active.png'),
      fullPage: true,
    });
  });
});
