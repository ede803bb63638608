// The shop's own cookies: appearance (10 years, SameSite=Strict) and locale (365 days).
import { isLocale, type Locale } from '@transit-shop/sdk/locales';
import { type Appearance, isAppearance } from '@transit-shop/tenancy/bootstrap-constants';

export const THEME_COOKIE = 'theme';
/**
 * Set to 1 while this browser keeps a cart with lines (the cart itself stays in local storage): the
 * server then renders the cart's page waiting for it, otherwise as the empty cart (decision 0047).
 */
export const SAVED_CART_COOKIE = 'cart';
export const SAVED_CART_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export const LOCALE_COOKIE = 'locale';
export const THEME_COOKIE_MAX_AGE = 10 * 365 * 24 * 60 * 60;
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function serializeCookie(
  name: string,
  value: string,
  maxAge: number,
  sameSite: 'Strict' | 'Lax',
): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=${sameSite}${secure}`;
}

// On the server (decision 0034) there is no cookie: the page is rendered for a visitor.
export function readCookie(
  name: string,
  cookies = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export function writeAppearanceCookie(appearance: Appearance): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = serializeCookie(THEME_COOKIE, appearance, THEME_COOKIE_MAX_AGE, 'Strict');
}

export function writeSavedCartCookie(hasLines: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = serializeCookie(SAVED_CART_COOKIE, '1', hasLines ? SAVED_CART_COOKIE_MAX_AGE : 0, 'Lax');
}

export function readAppearanceCookie(): Appearance {
  const value = readCookie(THEME_COOKIE);
  return isAppearance(value) ? value : 'SYSTEM';
}

export function writeLocaleCookie(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = serializeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE, 'Lax');
}

export function readLocaleCookie(): Locale | undefined {
  const value = readCookie(LOCALE_COOKIE);
  return isLocale(value) ? value : undefined;
}

// AUTH-13: the session survives a page load in two cookies that live 10 years, Secure on https.
// The identity cookie (the identity provider's tokens) is SameSite=Strict: only the shop's own
// pages need it, to reconnect. The user ticket (userToken + userId of the ticket backend) is
// SameSite=Lax, so a traveller following a link to the shop arrives signed in. The browser code
// reads both, so neither is HttpOnly. No schema library here: the header reads the ticket on
// the first paint.
export const IDENTITY_COOKIE = 'identity';
export const TICKET_COOKIE = 'ticket';
export const SESSION_COOKIE_MAX_AGE = 10 * 365 * 24 * 60 * 60;

export type IdentityCookie = { idToken: string; refreshToken: string };
export type TicketCookie = { userToken: string; userId: number; guest: boolean };

function readJsonCookie(name: string): unknown {
  const value = readCookie(name);
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function writeIdentityCookie(identity: IdentityCookie): void {
  const value = JSON.stringify({ idToken: identity.idToken, refreshToken: identity.refreshToken });
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = serializeCookie(IDENTITY_COOKIE, value, SESSION_COOKIE_MAX_AGE, 'Strict');
}

export function readIdentityCookie(): IdentityCookie | undefined {
  const value = readJsonCookie(IDENTITY_COOKIE) as Partial<IdentityCookie> | undefined;
  if (!value || !isText(value.idToken) || !isText(value.refreshToken)) return undefined;
  return { idToken: value.idToken, refreshToken: value.refreshToken };
}

export function writeTicketCookie(ticket: TicketCookie): void {
  const value = JSON.stringify({ userToken: ticket.userToken, userId: ticket.userId, guest: ticket.guest });
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = serializeCookie(TICKET_COOKIE, value, SESSION_COOKIE_MAX_AGE, 'Lax');
}

export function readTicketCookie(): TicketCookie | undefined {
  const value = readJsonCookie(TICKET_COOKIE) as Partial<TicketCookie> | undefined;
  if (!value || !isText(value.userToken)) return undefined;
  if (typeof value.userId !== 'number' || !Number.isSafeInteger(value.userId) || value.userId <= 0)
    return undefined;
  return { userToken: value.userToken, userId: value.userId, guest: value.guest === true };
}

/** Removes the identity cookie alone: a session opened without an identity (a card sign-in). */
export function removeIdentityCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = serializeCookie(IDENTITY_COOKIE, '', 0, 'Strict');
}

/** Removes the session cookies (AUTH-07); the locale and appearance cookies are the visitor's choices and stay. */
export function removeSessionCookies(): void {
  for (const [name, sameSite] of [
    [IDENTITY_COOKIE, 'Strict'],
    [TICKET_COOKIE, 'Lax'],
  ] as const) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
    document.cookie = serializeCookie(name, '', 0, sameSite);
  }
}
