// The one registry of the shell's paths, and how a locale prefixes them on the page's network
// (decision 0023: French has no prefix where it is the network's default language; elsewhere every
// language has its prefix, /fr included).
import {
  type LocaleNetwork,
  localePrefixOf,
  localizedPath,
  splitLocalePath,
  unprefixedLocaleOf,
} from '@transit-shop/sdk/locale-paths';
import { DEFAULT_LOCALE, type Locale } from '@transit-shop/sdk/locales';

export const paths = {
  home: '/',
  legalNotices: '/legal-notices',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  maintenance: '/maintenance',
  documents: '/documents',
  documentsSubmissions: '/documents/submissions',
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
  accountTransportCardIncident: '/account/transport-cards/incident/:id',
  accountWallet: '/account/wallet',
  accountTacit: '/account/tacit',
  accountTacitSubscription: '/account/tacit/:id',
  // Where a provider sends the browser back (PROVIDER_RETURN_PATHS of the sdk, decision 0044).
  accountIdentityAdd: '/account/identity/add',
  accountIdentityReplace: '/account/identity/replace',
  // ROUTE-12: older addresses of the subscriptions, sent to accountTacit where the network has them.
  subscriptionsOld: '/subscriptions',
  accountSubscriptionsOld: '/account/subscriptions',
  // A renewal notice's link terminates its subscription without a session (decision 0043).
  subscriptionTerminate: '/subscription/terminate',
  walletGuest: '/wallet/guest/:reference',
  auth: '/auth',
  authLogin: '/auth/login',
  authLogout: '/auth/logout',
  authRegister: '/auth/register',
  authReset: '/auth/reset',
  authFinalize: '/auth/finalize',
  authCustom: '/auth/custom',
  authFranceConnectFinalize: '/auth/fc/finalize',
  authFranceConnectDeleteIdentity: '/auth/fc/delete-identity',
  // Card sign-in (has_media_signin): what it is, the card search, registering with the card.
  authMedia: '/auth/media',
  authMediaSearch: '/auth/media/search',
  authMediaRegister: '/auth/media/register',
  // The purchase tunnel (has_media_tunnel): one page a step under it, /tunnel/{step} (the steps are
  // the tunnel machine's: passengers, media, card, card/association, card/profiles, card/selection).
  tunnel: '/tunnel',
  cart: '/cart',
  // Where the cart's checkout leads: the payment step (the checkout's other steps are its own).
  checkout: '/cart/checkout',
} as const;

// The network of the page: one per page load (the tenant service serves one network per domain),
// set once at start from the bootstrap, before the router reads any address.
let pageNetwork: LocaleNetwork = { defaultLanguage: DEFAULT_LOCALE };

/** Tells the path helpers the page's network (main.tsx, and tests rendering another network). */
export function setPathsNetwork(network: LocaleNetwork): void {
  pageNetwork = { defaultLanguage: network.defaultLanguage };
}

/** The language the page's network shows at unprefixed addresses, if any. */
export function unprefixedLocale(): Locale | undefined {
  return unprefixedLocaleOf(pageNetwork);
}

/** The path prefix of a locale on the page's network: '' for its unprefixed one, '/en' and so on. */
export function localePrefix(locale: Locale): string {
  return localePrefixOf(locale, pageNetwork);
}

/** A path of the app in a locale. */
export function localePath(locale: Locale, path: string): string {
  return localizedPath(locale, path, pageNetwork);
}

/**
 * The locale a URL path is in, and the path without its prefix. An unprefixed path is in the
 * network's unprefixed language, or (on a network without one, where such a path redirects) in its
 * default language.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const { prefix, rest } = splitLocalePath(pathname);
  return { locale: prefix ?? unprefixedLocale() ?? pageNetwork.defaultLanguage, path: rest };
}
