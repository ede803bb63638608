// Accounts as a traveller makes and uses them, through the shop's own pages: each test registers
// its own, with an address no other test uses, so tests run in parallel and in any order.
import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { localizedPath } from '@transit-shop/sdk/locale-paths';
import { defaultLanguageOf } from './demo-networks.ts';
import { networkUrl } from './platform.ts';
import { fill, type Locale, textsOf } from './texts.ts';

/** Follows the rules (12 characters, upper, lower, digit, special). */
export const PASSWORD = 'Lantern-Ferry-42!';

export type Account = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

/** A fictional traveller with an address of the reserved example.org domain, unique to this run. */
export function newAccount(label: string): Account {
  const suffix = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  return {
    email: `${label}-${suffix}@example.org`,
    password: PASSWORD,
    firstName: 'Yasmina',
    lastName: 'Oudrari',
  };
}

/**
 * A client address of the test's own, in 198.18.0.0/15 (set aside for tests, RFC 2544), sent as
 * X-Forwarded-For as a load balancer in front of the shop sends it: the platform runs with the
 * loopback as its trusted proxy (playwright.config.ts), so sign-in failures are counted on this
 * address and one test's failures never throttle another's sign-ins (decision 0024).
 */
export function clientAddress(): string {
  const [high, low] = randomBytes(2);
  return `198.${18 + ((high ?? 0) & 1)}.${low ?? 0}.${1 + ((high ?? 0) >> 1)}`;
}

/** Browser context options that make the requests of a context come from `address`. */
export const fromAddress = (address: string) => ({ extraHTTPHeaders: { 'x-forwarded-for': address } });

/** A page of a network's shop in a language, at its address on that network (decision 0023). */
export function shopUrl(slug: string, locale: Locale, path: string): string {
  return networkUrl(slug, shopPath(slug, locale, path));
}

/** The path of a page of a network's shop in a language. */
export function shopPath(slug: string, locale: Locale, path: string): string {
  return localizedPath(locale, path, { defaultLanguage: defaultLanguageOf(slug) });
}

/** The language a visitor chose, as the locale cookie remembers it: where `/` lands. */
export async function preferLocale(page: Page, slug: string, locale: Locale): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: locale, url: networkUrl(slug) }]);
}

/**
 * A form field by its whole label (password inputs have no role, so not by role); the label of a
 * required field ends with an asterisk, hidden from assistive technology.
 */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}[\\s\\u00a0\\u2009]*\\*?$`));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Registers through the register page with terms and privacy accepted; the new account is signed
 * in and lands on the unverified-account page (AUTH-05, AUTH-11), or at home on a network with a
 * default identity provider, where every account counts as verified (AUTH-12: `verified`).
 */
export async function register(
  page: Page,
  slug: string,
  locale: Locale,
  account: Account,
  lands: 'unverified' | 'verified' = 'unverified',
): Promise<void> {
  const t = textsOf(locale);
  await page.goto(shopUrl(slug, locale, '/auth/register'));
  await expect(page.getByRole('heading', { level: 1, name: t.auth.register.title })).toBeVisible();
  await field(page, t.auth.fields.lastName).fill(account.lastName);
  await field(page, t.auth.fields.firstName).fill(account.firstName);
  await field(page, t.auth.fields.email).fill(account.email);
  await field(page, t.auth.fields.emailConfirmation).fill(account.email);
  await field(page, t.auth.fields.password).fill(account.password);
  await field(page, t.auth.fields.passwordConfirmation).fill(account.password);
  await page.getByRole('checkbox', { name: fill(t.auth.register.acceptTerms) }).check();
  await page.getByRole('checkbox', { name: fill(t.auth.register.acceptPrivacy) }).check();
  await page.getByRole('button', { name: t.auth.register.submit }).click();
  if (lands === 'verified') {
    await expect(page).toHaveURL(shopUrl(slug, locale, '/'));
    await expectSignedIn(page, locale);
    return;
  }
  await expect(page).toHaveURL(new RegExp(shopPath(slug, locale, '/unverified-account')));
  await expect(page.getByRole('heading', { level: 1, name: t.auth.unverified.title })).toBeVisible();
}

/** Fills and sends the sign-in form (the page must be on it). */
export async function submitSignIn(
  page: Page,
  locale: Locale,
  email: string,
  password: string,
): Promise<void> {
  const t = textsOf(locale);
  await field(page, t.auth.fields.email).fill(email);
  await field(page, t.auth.fields.password).fill(password);
  await page.getByRole('button', { name: t.auth.signIn.submit }).click();
}

/**
 * Signs in from the sign-in page, on its way to `then` (a path of the shop without the language
 * prefix), and waits until the shop is there with the traveller logged in.
 */
export async function signIn(
  page: Page,
  slug: string,
  locale: Locale,
  account: Pick<Account, 'email' | 'password'>,
  then = '/account',
): Promise<void> {
  const target = shopPath(slug, locale, then);
  await page.goto(`${shopUrl(slug, locale, '/auth')}?redirect=${encodeURIComponent(target)}`);
  await submitSignIn(page, locale, account.email, account.password);
  await expect(page).toHaveURL(shopUrl(slug, locale, then));
  await expectSignedIn(page, locale);
}

/** The header offers "My account" and no more "Log in". */
export async function expectSignedIn(page: Page, locale: Locale): Promise<void> {
  const nav = page.getByRole('banner').getByRole('navigation');
  await expect(nav.getByRole('link', { name: textsOf(locale).shell.nav.login })).toHaveCount(0);
}

/** The session cookies the shop keeps (AUTH-13). */
export async function sessionCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies())
    .map((cookie) => cookie.name)
    .filter((name) => name === 'identity' || name === 'ticket');
}
