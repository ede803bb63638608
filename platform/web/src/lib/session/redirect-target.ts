// Where a page of the session sends the traveller when done: the `?redirect=` target, kept within
// the shop's own pages, or the home page of the language.
import { useSearchParams } from 'react-router';
import { localePath, paths, splitLocale } from '../../config/paths.ts';
import { useLocale } from '../use-locale.ts';

export type GuardArgs = { request: Request };

const REDIRECT_PARAM = 'redirect';
// Any origin serves to check that a target stays on ours: only its path is kept.
const HERE = 'http://shop.invalid';

/** The page asked for, as a path of the shop with its query (the target of a later redirect). */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A redirect target kept within the shop: a path of this origin, never another site
 * (`//evil.example`, `https:`, `\\`), never back to a sign-in page; otherwise the home page.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  const { path } = splitLocale(url.pathname);
  if (path === paths.auth || path.startsWith(`${paths.auth}/`)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where the page at this request sends the traveller when its task is done (`?redirect=` or home). */
export function redirectTargetOf(request: Request): string {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  return safeRedirectPath(url.searchParams.get(REDIRECT_PARAM), localePath(locale, paths.home));
}

/** A page of the shop, in the request's language, that sends back to `target` when done. */
export function pathWithRedirect(request: Request, path: string, target: string): string {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const query = new URLSearchParams({ [REDIRECT_PARAM]: target });
  return `${localePath(locale, path)}?${query}`;
}

/** The redirect target of the page shown, for components. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  const locale = useLocale();
  return safeRedirectPath(params.get(REDIRECT_PARAM), localePath(locale, paths.home));
}

/** The query that carries a redirect target on to another page of the session. */
export function redirectQuery(target: string): string {
  return `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
}
