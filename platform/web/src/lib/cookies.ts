// The shop's own cookies: appearance (10 years, SameSite=Strict) and locale (365 days).
import { isLocale, type Locale } from '@transit-shop/sdk/locales';
import { type Appearance, isAppearance } from '@transit-shop/tenancy/bootstrap-constants';

export const THEME_COOKIE = 'theme';
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

export function readCookie(name: string, cookies = document.cookie): string | undefined {
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
