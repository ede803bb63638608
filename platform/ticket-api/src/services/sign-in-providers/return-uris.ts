// The shop's pages a provider may send a browser back to (IDP-05, decision 0044): on one of the
// network's domains (any port), at one of the given paths, unprefixed or after a language prefix.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { LOCALES } from '@transit-shop/sdk/locales';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { LoadedNetwork } from '@transit-shop/tenancy';

/** The shop's page a provider's logout comes back to. */
export const LOGOUT_RETURN_PATH = '/auth/logout';

/** The page's path without its language prefix, when the address is a page of the network's shop. */
function shopPathOf(network: LoadedNetwork, address: string, withQuery: boolean): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.hash || (url.search && !withQuery)) return null;
  if (!network.network.config.domains.includes(url.hostname.toLowerCase())) return null;
  const prefix = LOCALES.find((locale) => url.pathname.startsWith(`/${locale}/`));
  return prefix ? url.pathname.slice(prefix.length + 1) : url.pathname;
}

/**
 * Which of `paths` the address is, or INVALID_REQUEST at `field`: a page elsewhere would hand the
 * provider's code to whoever serves it. A query is allowed only where `withQuery` says (the logout
 * page's return mark); a sign-in's return page is compared by the provider as it is, code and all.
 */
export function returnPathOf<Key extends string>(
  network: LoadedNetwork,
  address: string,
  paths: Readonly<Record<Key, string>>,
  options: { field: string; withQuery?: boolean },
): Key {
  const path = shopPathOf(network, address, options.withQuery ?? false);
  const found = (Object.keys(paths) as Key[]).find((key) => paths[key] === path);
  if (found === undefined) {
    throw new AppError('INVALID_REQUEST', {
      message: "Not a page of this network's shop a provider may send back to",
      details: { issues: [{ path: options.field, message: VALIDATION_MESSAGES.invalid }] },
    });
  }
  return found;
}
