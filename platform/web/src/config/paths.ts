// The one registry of the shell's paths, and how a locale prefixes them (fr has no prefix).
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@transit-shop/sdk/locales';

export const paths = {
  home: '/',
  legalNotices: '/legal-notices',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  maintenance: '/maintenance',
  documents: '/documents',
  unverifiedAccount: '/unverified-account',
  verifyAccount: '/verify-account',
  deletionSuccess: '/deletion/success',
  clear: '/clear',
  account: '/account',
  accountProfile: '/account/:id',
  accountNewProfile: '/account/new',
  accountDelete: '/account/delete',
  accountInvoices: '/account/invoices',
  accountPaymentCards: '/account/payment-cards',
  accountTransportCards: '/account/transport-cards',
  accountWallet: '/account/wallet',
  accountTacit: '/account/tacit',
  auth: '/auth',
  authLogin: '/auth/login',
  authLogout: '/auth/logout',
  authRegister: '/auth/register',
  authReset: '/auth/reset',
  authFinalize: '/auth/finalize',
  cart: '/cart',
} as const;

/** The path prefix of a locale: '' for French, '/en' for English... */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** A path of the app in a locale. */
export function localePath(locale: Locale, path: string): string {
  const prefixed = `${localePrefix(locale)}${path === '/' ? '/' : path}`;
  return prefixed;
}

/** The locale a URL path is in, and the path without its prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  const prefixed = (LOCALES as readonly string[]).includes(first) && first !== DEFAULT_LOCALE;
  if (!prefixed) return { locale: DEFAULT_LOCALE, path: pathname || '/' };
  return { locale: first as Locale, path: `/${rest.join('/')}` };
}
