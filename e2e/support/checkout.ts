// The checkout as a buyer goes through it on lumiere (guest orders, SEPA direct debit, instalments
// and collect agencies): a product into the cart, the cart's confirmations, each step after it,
// the trip to the payment provider's page and back; and the check that the shop's own pages never
// hold an input for card or bank details.
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { readAnswer } from '@transit-shop/sdk/client/read-answer';
import { createTicketClient } from '@transit-shop/sdk/client/ticket-client';
import {
  getOrdersCall,
  type OrderStatus,
  type OrderSummary,
  orderOutcomeCall,
  placeOrderCall,
} from '@transit-shop/sdk/contract/checkout';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import { messagesFor } from '../../platform/payment-sandbox/src/pages/messages.ts';
import { shopUrl } from './accounts.ts';
import { expectProviderPage } from './payment-page.ts';
import { apiRequest, E2E_PORT, networkUrl } from './platform.ts';
import { fill, type Locale, textsOf, valueIn } from './texts.ts';

/** The demo network with everything the checkout offers (tenants/lumiere/network.json). */
export const NETWORK = 'lumiere';
export const SHOP_ORIGIN = new URL(networkUrl(NETWORK)).origin;
/** The payment sandbox, on its own origin (the shop's port + 10, scripts/start.mjs). */
export const PROVIDER_ORIGIN = `http://127.0.0.1:${E2E_PORT + 10}`;

const LOCALES: Locale[] = ['fr', 'en', 'ar', 'it', 'es'];

/** The labels the provider's page gives its card and bank fields, in every language. */
const paymentFieldLabels = LOCALES.flatMap((locale) => {
  const t = messagesFor(locale);
  return [t.cardNumber, t.cvc, t.expiry, t.iban];
});

/** What the page says of each field a visitor can type in: its name, autocomplete and labels. */
type TypedField = { name: string; id: string; autocomplete: string; labels: string[] };

/** A field for a card number, expiry or security code, or an IBAN. */
function isPaymentDetailsField(field: TypedField): boolean {
  if (/(^|\s)cc-/.test(field.autocomplete)) return true;
  const named = /card.?num|^number$|^pan$|cvc|cvv|csc|iban|expiry|exp.?date/i;
  if ([field.name, field.id].some((value) => named.test(value))) return true;
  return field.labels.some((label) => paymentFieldLabels.includes(label.replace(/\s*\*$/, '').trim()));
}

/**
 * The fields of the page that take card or bank details: those the browser would fill with a card
 * (autocomplete cc-*), and those named or labelled (in any of the provider's languages) for a card
 * number, an expiry, a security code or an IBAN.
 */
export async function paymentDetailsFieldsOn(page: Page): Promise<TypedField[]> {
  const fields = await page.locator('input, textarea, [contenteditable="true"]').evaluateAll((elements) =>
    elements.map((element) => {
      const labelled = (element.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''));
      const own = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
      return {
        name: element.getAttribute('name') ?? '',
        id: element.id,
        autocomplete: element.getAttribute('autocomplete') ?? '',
        labels: [
          ...own.map((label) => label.textContent ?? ''),
          ...labelled,
          element.getAttribute('aria-label') ?? '',
          element.getAttribute('placeholder') ?? '',
        ].filter((label) => label !== ''),
      };
    }),
  );
  return fields.filter(isPaymentDetailsField);
}

/**
 * The page is the shop's and nothing on it takes card or bank details (paymentDetailsFieldsOn),
 * and no frame of the provider's is embedded in it.
 */
export async function expectNoPaymentDetailsInput(page: Page): Promise<void> {
  expect(new URL(page.url()).origin).toBe(SHOP_ORIGIN);
  expect(await paymentDetailsFieldsOn(page)).toEqual([]);
  const providerFrames = page.frames().filter((frame) => frame.url().startsWith(PROVIDER_ORIGIN));
  expect(providerFrames).toEqual([]);
}

/** The browser is on the provider's hosted page, on the provider's origin, with its card form. */
export async function expectCardFormAtProvider(page: Page, locale: Locale): Promise<void> {
  await expectProviderPage(page, locale, SHOP_ORIGIN);
  expect(new URL(page.url()).origin).toBe(PROVIDER_ORIGIN);
  await expect(page.getByLabel(messagesFor(locale).cardNumber)).toBeVisible();
  // The same check that finds none on the shop's pages finds the card's fields here.
  const found = await paymentDetailsFieldsOn(page);
  expect(found.map((field) => field.autocomplete)).toEqual(
    expect.arrayContaining(['cc-number', 'cc-exp', 'cc-csc']),
  );
}

/** The browser is on the provider's hosted page, on the provider's origin, with its SEPA mandate. */
export async function expectMandateAtProvider(page: Page, locale: Locale): Promise<void> {
  await expectProviderPage(page, locale, SHOP_ORIGIN);
  expect(new URL(page.url()).origin).toBe(PROVIDER_ORIGIN);
  await expect(page.getByLabel(messagesFor(locale).iban, { exact: true })).toBeVisible();
  expect((await paymentDetailsFieldsOn(page)).map((field) => field.name)).toContain('iban');
}

/**
 * Puts a 24-hour pass on the mobile app into the cart from its product page (shop item 1103):
 * the second day proposed, the first start time.
 */
export async function addDayPass(page: Page, locale: Locale): Promise<void> {
  const t = textsOf(locale).products;
  await openProduct(page, locale, 1103, { delivery: 'DEMATERIALIZED' });
  await page.getByRole('combobox', { name: t.start.day }).selectOption({ index: 1 });
  await page.getByRole('combobox', { name: t.start.time }).selectOption({ index: 0 });
  await addToCart(page, locale);
}

/** Puts a product into the cart with its page's defaults but the delivery and traveller given. */
export async function addProduct(
  page: Page,
  locale: Locale,
  shopItemId: number,
  choices: { delivery?: 'DEMATERIALIZED' | 'PHYSICAL'; traveller?: string } = {},
): Promise<void> {
  await openProduct(page, locale, shopItemId, choices);
  await addToCart(page, locale);
}

async function openProduct(
  page: Page,
  locale: Locale,
  shopItemId: number,
  choices: { delivery?: 'DEMATERIALIZED' | 'PHYSICAL'; traveller?: string },
): Promise<void> {
  const t = textsOf(locale).products;
  await page.goto(shopUrl(NETWORK, locale, `/products/${shopItemId}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoPaymentDetailsInput(page);
  if (choices.traveller) {
    await page
      .getByRole('radiogroup', { name: t.traveller.legend })
      .getByRole('radio', { name: new RegExp(choices.traveller) })
      .check();
  }
  if (choices.delivery) {
    await page
      .getByRole('radiogroup', { name: t.support.legend })
      .getByRole('radio', { name: new RegExp(t.support[choices.delivery]) })
      .check();
  }
}

/** Adds the product of the page and waits for the cart beside it to show the line. */
export async function addToCart(page: Page, locale: Locale): Promise<void> {
  const t = textsOf(locale);
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  await page.getByRole('button', { name: t.products.addToCart }).click();
  const sidebar = page.getByRole('dialog', { name: t.cart.title });
  await expect(sidebar.getByRole('heading', { name })).toBeVisible();
}

/**
 * The cart page, from the cart open beside the product just added: its confirmations accepted
 * (CART-11), then Checkout.
 */
export async function startCheckout(page: Page, locale: Locale): Promise<void> {
  const t = textsOf(locale);
  await page.getByRole('dialog', { name: t.cart.title }).getByRole('link', { name: t.cart.viewCart }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.cart.title })).toBeVisible();
  await expectNoPaymentDetailsInput(page);
  await page.getByRole('checkbox', { name: t.cart.confirmations.terms }).check();
  await page.getByRole('checkbox', { name: t.cart.confirmations.privacy }).check();
  const over18 = page.getByRole('checkbox', { name: t.cart.confirmations.over18 });
  if (await over18.isVisible()) await over18.check();
  await page.getByRole('link', { name: t.cart.checkout.action }).click();
}

/** The step whose heading is shown, at its own address under /cart. */
export async function expectStep(
  page: Page,
  locale: Locale,
  step: keyof ReturnType<typeof textsOf>['checkout']['steps'],
): Promise<void> {
  const t = textsOf(locale).checkout.steps;
  await expect(page.getByRole('heading', { level: 1, name: t[step] })).toBeVisible();
  await expectNoPaymentDetailsInput(page);
}

/** CHK-01, CHK-07: as a guest, with the email the invoice is sent to. */
export async function continueAsGuest(page: Page, locale: Locale, invoiceEmail: string): Promise<void> {
  const t = textsOf(locale).checkout;
  await expectStep(page, locale, 'inviteLogin');
  await page.getByRole('button', { name: t.customer.continueAsGuest }).click();
  await expectStep(page, locale, 'invoiceEmail');
  await page.getByRole('textbox', { name: t.invoiceEmail.label }).fill(invoiceEmail);
  await page.getByRole('button', { name: t.continue }).click();
}

/** The payment step's method and instalment choices (PAY-01, PAY-02). */
export async function choosePayment(
  page: Page,
  locale: Locale,
  choice: { method: 'CARD' | 'TRANSFER'; installments?: number },
): Promise<void> {
  const t = textsOf(locale).checkout.payment;
  await expectStep(page, locale, 'payment');
  const installments = choice.installments ?? 1;
  const count = page.getByRole('radiogroup', { name: t.installments }).getByRole('radio', {
    name: installments === 1 ? t.installmentOne : fill(t.installmentCount, { count: installments }),
  });
  await count.check();
  await page
    .getByRole('radiogroup', { name: t.method })
    .getByRole('radio', { name: t.methods[choice.method] })
    .check();
}

/** The schedule shown before paying: each debit's label and amount, then the total's. */
export async function scheduleOf(page: Page, locale: Locale): Promise<Array<[string, string]>> {
  const t = textsOf(locale).checkout.payment;
  const schedule = page.getByRole('region', { name: t.scheduleTitle });
  await expect(schedule.locator('dt').last()).toHaveText(t.total);
  const terms = await schedule.locator('dt').allInnerTexts();
  const amounts = await schedule.locator('dd').allInnerTexts();
  return terms.map((term, index) => [term, plain(amounts[index] ?? '')]);
}

/** Pay: the order is placed and the browser leaves for the provider's page. */
export async function pay(page: Page, locale: Locale): Promise<void> {
  const t = textsOf(locale).checkout.payment;
  await expectNoPaymentDetailsInput(page);
  await page.getByRole('button', { name: t.pay, exact: true }).click();
}

/** The outcome dialog the shop shows once back from the provider (PAY-03). */
export function resultDialog(
  page: Page,
  locale: Locale,
  outcome: 'confirmed' | 'pending' | 'failed' | 'cancelled',
) {
  const t = textsOf(locale).checkout.result;
  return page.getByRole('dialog', { name: t[outcome].title });
}

/** The order number a confirmed or pending dialog gives. */
export async function orderNumberIn(
  page: Page,
  locale: Locale,
  outcome: 'confirmed' | 'pending',
): Promise<string> {
  const text = textsOf(locale).checkout.result[outcome].text;
  const shown = await resultDialog(page, locale, outcome).locator('p').first().innerText();
  const number = valueIn(shown, text);
  expect(number, `the order number in "${shown}"`).toMatch(/^\d+$/);
  return number;
}

/** A price as the page writes it, with Intl's spaces made plain. */
export const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

/** An amount in minor units as the English pages write euros. */
export const euros = (minor: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(minor / 100);

/**
 * The title of a PDF's information dictionary, read from the file as pdfkit writes it: the
 * dictionary's /Title refers to an object holding a literal string (UTF-16 with its mark when
 * not Latin-1).
 */
export function pdfTitleOf(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const reference = text.match(/\/Title\s+(\d+)\s+(\d+)\s+R\b/);
  const direct = text.match(/\/Title\s*\(((?:\\.|[^\\)])*)\)/);
  const literal = reference
    ? text.match(
        new RegExp(`\\n${reference[1]} ${reference[2]} obj\\s*\\(((?:\\\\.|[^\\\\)])*)\\)\\s*endobj`),
      )
    : direct;
  const raw = literal?.[1]?.replace(/\\([()\\])/g, '$1');
  if (raw === undefined) return null;
  if (!raw.startsWith('\u00fe\u00ff')) return raw;
  return Buffer.from(raw.slice(2), 'latin1').swap16().toString('utf16le');
}

type PlacedOrder = { orderId: number; status: OrderStatus };

/**
 * The orders the page places (Order/placeOrder.json) and the final statuses the server gives them
 * when the buyer is back from the provider (Order/outcome.json, once per order), read from the
 * answers with the calls' own schemas. The calls go to the platform as they are (the page leaves
 * for the provider right after placing, before its own copy of the answer could be read).
 */
export async function watchOrders(
  page: Page,
): Promise<{ placed: PlacedOrder[]; acknowledged: PlacedOrder[] }> {
  const placed: PlacedOrder[] = [];
  const acknowledged: PlacedOrder[] = [];
  const watch = (
    call: typeof placeOrderCall | typeof orderOutcomeCall,
    keep: (answer: PlacedOrder & { outcome?: unknown }) => void,
  ) =>
    page.route(`**/api/${call.path}`, async (route) => {
      // Node does not resolve *.localhost: the call goes to loopback with the network's Host.
      const [address, { headers }] = apiRequest(NETWORK, new URL(route.request().url()).pathname);
      const response = await route.fetch({
        url: address,
        headers: { ...route.request().headers(), ...headers },
      });
      let answer: PlacedOrder | undefined;
      try {
        answer = readAnswer(call, response.status(), await response.text()) as PlacedOrder;
      } catch {
        // A refusal (the sdk reads it as an error) places nothing and tells no outcome.
      }
      await route.fulfill({ response });
      if (answer) keep(answer);
    });
  await watch(placeOrderCall, (answer) => placed.push({ orderId: answer.orderId, status: answer.status }));
  await watch(orderOutcomeCall, (answer) => {
    const seen = acknowledged.some((order) => order.orderId === answer.orderId);
    if (answer.outcome !== null && !seen)
      acknowledged.push({ orderId: answer.orderId, status: answer.status });
  });
  return { placed, acknowledged };
}

/**
 * The orders of the session a browser holds on the network (its `ticket` cookie: a customer's or a
 * guest's), as Order/getOrders.json answers them, asked from the test through the sdk's client, signed
 * with the network's key as the shop's pages sign it.
 */
export async function ordersOfSession(
  context: BrowserContext,
  request: APIRequestContext,
): Promise<OrderSummary[]> {
  const cookie = (await context.cookies(SHOP_ORIGIN)).find((candidate) => candidate.name === 'ticket');
  if (!cookie) throw new Error('the browser holds no session on the shop');
  const ticket = JSON.parse(decodeURIComponent(cookie.value)) as { userToken: string; userId: number };
  const { networks } = await loadTenants({
    tenantsDir: join(import.meta.dirname, '..', '..', 'tenants'),
    themesDir: join(import.meta.dirname, '..', '..', 'themes'),
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
        ...(sent.method === 'GET' ? {} : { data: await sent.text() }),
      });
      return new Response(await response.text(), { status: response.status(), headers: response.headers() });
    },
  });
  const answer = await client.call(getOrdersCall, { userToken: ticket.userToken, userId: ticket.userId });
  return answer.orders;
}
